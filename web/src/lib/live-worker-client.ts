// The page's side of the live-data worker (src/live-worker.ts), where Firestore runs: a listen
// is a message to the worker, and each result comes back as a message. Firestore's code and its
// work (the first sync writes every document of a query into IndexedDB, hundreds of
// milliseconds on a phone) stay off the page's main thread. The worker starts with the first
// listen and lives as long as the page, or until logout ends it.
import { readStoredLists, sendListChangesTo, storeListChange, type ListChange } from './stored-list';
import { SYNCED_KEY } from './synced-queries';

/** A listener's error, as it crosses to the page (an Error does not keep its class). */
export interface WorkerError {
  name: string;
  message: string;
  code?: string;
}

/**
 * Which listener, with its arguments (a moment's id), and the device lists it reads. `Name` is
 * the listener table's keys where the table is known (moments' worker-source.ts); on the wire
 * it is a string, which the worker checks.
 */
export interface WorkerSource<Name extends string = string, Args extends string[] = string[]> {
  name: Name;
  args: Args;
  /** Keys of the stored lists its listener reads besides the synced queries (stored-list.ts). */
  lists?: string[];
}

export type ToWorker =
  | { type: 'warm' }
  | { type: 'listen'; id: number; source: WorkerSource; lists: Record<string, string[]> }
  | { type: 'stop'; id: number }
  | { type: 'clear'; id: number }
  | { type: 'list'; change: ListChange };

export type FromWorker =
  | { type: 'next'; id: number; data: unknown }
  | { type: 'fail'; id: number; error: WorkerError }
  | { type: 'cleared'; id: number }
  | { type: 'list'; change: ListChange };

interface Listen {
  next: (data: unknown) => void;
  fail: (error: WorkerError) => void;
}

let worker: Worker | undefined;
let lastId = 0;
const listens = new Map<number, Listen>();

function startWorker(): Worker {
  const started = new Worker(new URL('../live-worker.ts', import.meta.url), {
    type: 'module',
    name: 'live-data',
  });
  started.addEventListener('message', (event: MessageEvent<FromWorker>) => {
    const message = event.data;
    if (message.type === 'list') {
      storeListChange(message.change);
      return;
    }
    const listen = listens.get(message.id);
    if (!listen) return;
    if (message.type === 'next') {
      listen.next(message.data);
    } else if (message.type === 'cleared') {
      listens.delete(message.id);
      listen.next(undefined);
    } else {
      listens.delete(message.id);
      listen.fail(message.error);
    }
  });
  // The worker's script could not load or run (e.g. offline before it was ever cached).
  started.addEventListener('error', (event) => {
    event.preventDefault();
    if (worker === started) worker = undefined;
    const error = { name: 'Error', message: event.message || 'The live-data worker failed.' };
    for (const [id, listen] of listens) {
      listens.delete(id);
      listen.fail(error);
    }
  });
  return started;
}

function send(message: ToWorker): void {
  worker ??= startWorker();
  worker.postMessage(message);
}

// The page's list changes reach the running worker's copy; a worker started later gets the
// lists with its listens.
sendListChangesTo((change) => worker?.postMessage({ type: 'list', change } satisfies ToWorker));

/**
 * Starts the worker, and there Firestore with the device's cache and the client's sign-in, before
 * the first listen: a page whose first answer is in that cache calls this with its code, so that
 * this start (its code, and the sign-in's check with the server) runs beside the session's check
 * rather than after it.
 */
export function warmLiveData(): void {
  send({ type: 'warm' });
}

/** Starts the named listener in the worker; returns its stop. */
export function listenInWorker<T>(
  source: WorkerSource,
  next: (data: T) => void,
  fail: (error: WorkerError) => void,
): () => void {
  lastId += 1;
  const id = lastId;
  listens.set(id, { next: next as (data: unknown) => void, fail });
  const lists = readStoredLists([SYNCED_KEY, ...(source.lists ?? [])]);
  send({ type: 'listen', id, source, lists });
  return () => {
    if (listens.delete(id)) worker?.postMessage({ type: 'stop', id } satisfies ToWorker);
  };
}

/**
 * Logout: the worker ends its Firestore and deletes Firestore's cache from the device (the
 * page itself never loads Firestore), then the worker is ended. Its listeners end without a
 * word: their screens are going.
 */
export async function clearLiveData(): Promise<void> {
  listens.clear();
  lastId += 1;
  const id = lastId;
  const cleared = new Promise<void>((resolve, reject) => {
    listens.set(id, {
      next: () => resolve(),
      fail: (error) => reject(Object.assign(new Error(error.message), error)),
    });
  });
  send({ type: 'clear', id });
  try {
    await cleared;
  } finally {
    worker?.terminate();
    worker = undefined;
    listens.clear();
  }
}
