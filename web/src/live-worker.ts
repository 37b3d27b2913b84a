// The live-data worker: Firestore, its persistent cache and the moment screens' listeners run
// here, off the page's main thread (lib/live-worker-client.ts is the page's side). Each result
// goes to the page as plain data, in the shape the screens use; each error as its name, message
// and Firestore code.
/// <reference lib="webworker" />
import './config/zod';
import { liveListener } from './features/moments/api/live-listeners';
import type { FromWorker, ToWorker, WorkerError } from './lib/live-worker-client';
import { clearFirestoreCache, getFirestoreReader } from './lib/firestore';
import { changeCopy, keepListsForPage, takeLists } from './lib/stored-list';

declare const self: DedicatedWorkerGlobalScope;

const post = (message: FromWorker) => self.postMessage(message);
const stops = new Map<number, () => void>();
keepListsForPage((change) => post({ type: 'list', change }));

function toWorkerError(error: unknown): WorkerError {
  const { name, message, code, cause } = (error ?? {}) as {
    name?: unknown;
    message?: unknown;
    code?: unknown;
    cause?: { code?: unknown } | null;
  };
  const anyCode = code ?? cause?.code;
  return {
    name: typeof name === 'string' ? name : 'Error',
    message: typeof message === 'string' ? message : String(error),
    ...(anyCode === undefined ? {} : { code: String(anyCode) }),
  };
}

self.addEventListener('message', (event: MessageEvent<ToWorker>) => {
  const message = event.data;
  if (message.type === 'warm') {
    // A listen soon after finds it ready; a failure here is the listen's to report.
    getFirestoreReader().catch(() => undefined);
    return;
  }
  if (message.type === 'list') {
    changeCopy(message.change);
    return;
  }
  if (message.type === 'stop') {
    stops.get(message.id)?.();
    stops.delete(message.id);
    return;
  }
  if (message.type === 'clear') {
    for (const stop of stops.values()) stop();
    stops.clear();
    const { id } = message;
    clearFirestoreCache().then(
      () => post({ type: 'cleared', id }),
      (error: unknown) => post({ type: 'fail', id, error: toWorkerError(error) }),
    );
    return;
  }
  const { id, source, lists } = message;
  takeLists(lists);
  const listener = liveListener(source.name);
  if (!listener) {
    post({ type: 'fail', id, error: { name: 'Error', message: `No listener ${source.name}.` } });
    return;
  }
  const stop = listener(...source.args)(
    (data) => post({ type: 'next', id, data }),
    (error) => {
      stops.delete(id);
      post({ type: 'fail', id, error: toWorkerError(error) });
    },
  );
  stops.set(id, stop);
});
