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
//
// First answer without Firebase: on a device whose Firestore cache does not hold the query
// yet, the listener would answer only after Firebase's code has loaded, the client has signed
// in and the server has answered (seconds on a phone, all before the page shows anything). So
// such a query takes its first answer from one API call, and its listener starts once the page
// has loaded and the main thread is idle, and keeps it live from then on. A change made by someone
// else in between arrives when the listener starts. Where the cache holds the query, the
// listener answers at once from it (also offline), as above; offline without it, likewise.
import {
  hashKey,
  queryOptions,
  type QueryKey,
} from '@tanstack/react-query';
import { queryClient } from './query-client';
import { afterLoadAndIdle } from './schedule';

/** Starts a listener: `next` for every result, `fail` once if it stops; returns a stop. */
export type LiveSource<T> = (next: (data: T) => void, fail: (error: unknown) => void) => () => void;

export const LIVE_LINGER_MS = 30_000;

/** The query's one-off answer from the API, for devices whose cache does not hold it yet. */
export interface FirstAnswer<T> {
  /** Whether this device's Firestore cache holds the query (then the listener answers). */
  cached: () => boolean;
  fetch: () => Promise<T>;
}

/** At the latest this long after the page loaded, a deferred listener starts anyway. */
export const DEFERRED_LISTEN_TIMEOUT_MS = 3_000;

// A deferred listener starts once the page has loaded and the main thread is idle, not later
// (e.g. after the first photos): until it has answered, this device's cache does not hold what
// the page shows, and a person going offline would not find it there.

const isOnline = () => typeof navigator === 'undefined' || navigator.onLine;

/** The fetch never reached the server (offline): the listener's path applies. */
const isNetworkFailure = (error: unknown) => error instanceof TypeError;

interface Listener {
  stop: () => void;
  first: Promise<unknown>;
  hasData: boolean;
  latest: unknown;
  /** False while a deferred listener has not answered yet: its data is the API's answer. */
  live: boolean;
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

// Queries whose deferred listener failed before answering: their next fetch asks the listener
// itself, so a listener that keeps failing cannot make every refetch call the API again.
const deferredFailed = new Set<string>();

/**
 * Keeps a query live that already has `data` (the API's answer): its listener starts after
 * load, when the main thread is idle, and writes every result into the query.
 */
function startDeferredListener<T>(
  hash: string,
  queryKey: QueryKey,
  source: LiveSource<T>,
  data: T,
): Listener {
  const listener: Listener = {
    stop: () => undefined,
    first: Promise.resolve(data),
    hasData: true,
    latest: data,
    live: false,
  };
  listeners.set(hash, listener);
  const current = () => listeners.get(hash) === listener;
  listener.stop = afterLoadAndIdle(() => {
    if (!current()) return;
    listener.stop = source(
      (next) => {
        if (!current()) return;
        listener.live = true;
        listener.latest = next;
        queryClient.setQueryData(queryKey, next);
      },
      () => {
        if (!current()) return;
        stopListener(hash);
        if (!listener.live) deferredFailed.add(hash);
        void queryClient.invalidateQueries({ queryKey, exact: true });
      },
    );
    if (!current()) listener.stop();
  }, DEFERRED_LISTEN_TIMEOUT_MS);
  return listener;
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
    live: true,
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

/** The API's answer, then a deferred listener; offline, the listener's own first answer. */
async function answerFromApi<T>(
  hash: string,
  queryKey: QueryKey,
  source: LiveSource<T>,
  firstAnswer: FirstAnswer<T>,
): Promise<T> {
  let data: T;
  try {
    data = await firstAnswer.fetch();
  } catch (error) {
    if (!isNetworkFailure(error)) throw error;
    return (listeners.get(hash) ?? startListener(hash, queryKey, source)).first as Promise<T>;
  }
  const running = listeners.get(hash);
  if (running) return running.hasData ? (running.latest as T) : (running.first as Promise<T>);
  startDeferredListener(hash, queryKey, source, data);
  return data;
}

/** The API's answer while a deferred listener has not answered; offline, the data as it is. */
async function answerAgain<T>(
  listener: Listener,
  firstAnswer: FirstAnswer<T>,
  cached: () => T,
): Promise<T> {
  try {
    const data = await firstAnswer.fetch();
    if (!listener.live) listener.latest = data;
    return listener.live ? cached() : data;
  } catch (error) {
    if (isNetworkFailure(error)) return cached();
    throw error;
  }
}

/**
 * Query options for live data: spread them into useQuery (adding retry, enabled, ...).
 * `source` is called only when no listener for this key runs yet; with `firstAnswer`, a device
 * whose cache does not hold the query yet takes the first answer from it (see above).
 */
export function liveQueryOptions<T, K extends QueryKey>(
  queryKey: K,
  source: LiveSource<T>,
  firstAnswer?: FirstAnswer<T>,
) {
  return queryOptions({
    queryKey,
    queryFn: (): Promise<T> => {
      watchCache();
      const hash = hashKey(queryKey);
      const running = listeners.get(hash);
      const cached = () => queryClient.getQueryData<T>(queryKey) ?? (running?.latest as T);
      if (running?.hasData && !running.live && firstAnswer) {
        // The listener has not answered yet: a refetch (after a change) asks the API again.
        return answerAgain(running, firstAnswer, cached);
      }
      if (running?.hasData) {
        // Live already: the cache is current (with any optimistic edit), nothing to read.
        return Promise.resolve(cached());
      }
      if (running) return running.first as Promise<T>;
      if (
        firstAnswer &&
        isOnline() &&
        !deferredFailed.has(hash) &&
        !firstAnswer.cached()
      ) {
        return answerFromApi(hash, queryKey, source, firstAnswer);
      }
      return startListener(hash, queryKey, source).first as Promise<T>;
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
