import { listenInWorker, type WorkerSource } from '../../../lib/live-worker-client';
import type { LiveSource } from '../../../lib/live-query';
import type { LiveListenerName, LiveListeners } from './live-listeners';
import { fromWorker } from './moment-errors';

/**
 * A live source whose listener (live-listeners.ts) runs in the live-data worker. Its errors
 * reach the screens as the classes they know; `screenError` covers those the worker itself did
 * not name (it failed to start, or crashed).
 */
export function workerSource<T, Name extends LiveListenerName = LiveListenerName>(
  source: WorkerSource<Name, Parameters<LiveListeners[Name]>>,
  screenError: (error: Error) => Error = (error) => error,
): LiveSource<T> {
  return (next, fail) =>
    listenInWorker(source, next, (error) => fail(screenError(fromWorker(error))));
}
