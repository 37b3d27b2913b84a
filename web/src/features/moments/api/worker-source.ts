import { listenInWorker, type WorkerSource } from '../../../lib/live-worker-client';
import type { LiveSource } from '../../../lib/live-query';
import { fromWorker } from './moment-errors';

/** A live source whose listener (live-listeners.ts) runs in the live-data worker. */
export function workerSource<T>(source: WorkerSource): LiveSource<T> {
  return (next, fail) => listenInWorker(source, next, (error) => fail(fromWorker(error)));
}
