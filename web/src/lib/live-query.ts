// Live data in TanStack Query's cache. A listener writes each result into the query with
// setQueryData, so the app keeps one cache: mutations' optimistic updates, setQueryData and
// invalidations work as before, and a screen reads live data with an ordinary useQuery.
// (reactfire's hooks were the alternative: they keep a second cache beside this one, so every
// mutation would need rewriting, and they want the Firestore instance up front, which would
// load Firestore on the sign-in screen too.)
//
// Lifecycle: a query's first fetch starts its listener and resolves with the first result;
// while the listener runs the query is fresh, and a refetch or invalidation answers from the
// cache without reading anything again. The listener stops LIVE_LINGER_MS after the last
// screen using it unmounts (so going back and forth reads nothing twice), or when the query
// leaves the cache. An error ends the listener; a screen still showing the query then
// refetches, which starts a new listener or shows the error.
import { hashKey, queryOptions, type QueryKey } from '@tanstack/react-query';
import { queryClient } from './query-client';

/** Starts a listener: `next` for every result, `fail` once if it stops; returns a stop. */
export type LiveSource<T> = (next: (data: T) => void, fail: (error: unknown) => void) => () => void;

export const LIVE_LINGER_MS = 30_000;

interface Listener {
  stop: () => void;
  first: Promise<unknown>;
  hasData: boolean;
  latest: unknown;
  idle?: ReturnType<typeof setTimeout>;
}

const listeners = new Map<string, Listener>();
let watchingCache = false;

function stopListener(hash: string) {
  const listener = listeners.get(hash);
  if (!listener) return;
  listeners.delete(hash);
  clearTimeout(listener.idle);
  listener.stop();
}

/** Stops listeners that no screen uses any more, or whose query left the cache. */
function watchCache() {
  if (watchingCache) return;
  watchingCache = true;
  queryClient.getQueryCache().subscribe((event) => {
    const hash = event.query.queryHash;
    const listener = listeners.get(hash);
    if (!listener) return;
    if (event.type === 'removed') {
      stopListener(hash);
    } else if (event.type === 'observerAdded') {
      clearTimeout(listener.idle);
    } else if (event.type === 'observerRemoved' && event.query.getObserversCount() === 0) {
      clearTimeout(listener.idle);
      listener.idle = setTimeout(() => stopListener(hash), LIVE_LINGER_MS);
    }
  });
}

function startListener<T>(hash: string, queryKey: QueryKey, source: LiveSource<T>): Listener {
  let resolveFirst!: (data: T) => void;
  let rejectFirst!: (error: unknown) => void;
  const listener: Listener = {
    stop: () => undefined,
    first: new Promise<T>((resolve, reject) => {
      resolveFirst = resolve;
      rejectFirst = reject;
    }),
    hasData: false,
    latest: undefined,
  };
  listeners.set(hash, listener);
  const current = () => listeners.get(hash) === listener;
  listener.stop = source(
    (data) => {
      if (!current()) return;
      listener.latest = data;
      if (listener.hasData) {
        queryClient.setQueryData(queryKey, data);
      } else {
        listener.hasData = true;
        resolveFirst(data);
      }
    },
    (error) => {
      if (!current()) return;
      stopListener(hash);
      if (!listener.hasData) rejectFirst(error);
      // Only refetched while a screen shows it; otherwise the next screen to mount does.
      else void queryClient.invalidateQueries({ queryKey, exact: true });
    },
  );
  // The source failed before it could hand back its stop.
  if (!current()) listener.stop();
  return listener;
}

/**
 * Query options for live data: spread them into useQuery (adding retry, enabled, ...).
 * `source` is called only when no listener for this key runs yet.
 */
export function liveQueryOptions<T, K extends QueryKey>(queryKey: K, source: LiveSource<T>) {
  return queryOptions({
    queryKey,
    queryFn: (): Promise<T> => {
      watchCache();
      const hash = hashKey(queryKey);
      const running = listeners.get(hash);
      if (running?.hasData) {
        // Live already: the cache is current (with any optimistic edit), nothing to read.
        return Promise.resolve(queryClient.getQueryData<T>(queryKey) ?? (running.latest as T));
      }
      return (running ?? startListener(hash, queryKey, source)).first as Promise<T>;
    },
    // Fresh while the listener runs; a screen mounting after it stopped starts it again.
    staleTime: Infinity,
    refetchOnMount: (query) => (listeners.has(query.queryHash) ? false : 'always'),
  });
}

/** Whether a listener currently keeps this query up to date (for tests and diagnostics). */
export function isLive(queryKey: QueryKey): boolean {
  return listeners.has(hashKey(queryKey));
}
