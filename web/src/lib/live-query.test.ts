import { QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  LIVE_LINGER_MS,
  isLive,
  liveQueryOptions,
  type FirstAnswer,
  type LiveSource,
} from './live-query';
import { queryClient } from './query-client';

/** A listener that the test drives: it counts starts and stops and emits on demand. */
function fakeListener<T>() {
  const state = { starts: 0, stops: 0 };
  let next: (data: T) => void = () => undefined;
  let fail: (error: unknown) => void = () => undefined;
  const source: LiveSource<T> = (onNext, onFail) => {
    state.starts += 1;
    next = onNext;
    fail = onFail;
    return () => {
      state.stops += 1;
    };
  };
  return { source, state, emit: (data: T) => next(data), fail: (error: unknown) => fail(error) };
}

let keyCount = 0;
const newKey = () => ['live-test', ++keyCount] as const;

/** A screen using the query: an observer, as useQuery makes one. */
function observe<T>(key: readonly unknown[], source: LiveSource<T>, firstAnswer?: FirstAnswer<T>) {
  const observer = new QueryObserver(queryClient, {
    ...liveQueryOptions(key, source, firstAnswer),
    retry: false,
  });
  const unsubscribe = observer.subscribe(() => undefined);
  return { observer, unsubscribe };
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  queryClient.clear();
});

describe('liveQueryOptions', () => {
  it('starts one listener, resolves with its first result and writes later ones to the cache', async () => {
    const key = newKey();
    const live = fakeListener<string[]>();
    const first = observe(key, live.source);
    const second = observe(key, live.source);
    await vi.waitFor(() => expect(live.state.starts).toBe(1));
    live.emit(['a']);
    await vi.waitFor(() => expect(first.observer.getCurrentResult().data).toEqual(['a']));
    live.emit(['a', 'b']);
    expect(queryClient.getQueryData(key)).toEqual(['a', 'b']);
    expect(second.observer.getCurrentResult().data).toEqual(['a', 'b']);
    expect(live.state.starts).toBe(1);
    first.unsubscribe();
    second.unsubscribe();
  });

  it('answers an invalidation from the cache, keeping optimistic edits and reading nothing', async () => {
    const key = newKey();
    const live = fakeListener<string[]>();
    const screen = observe(key, live.source);
    await vi.waitFor(() => expect(live.state.starts).toBe(1));
    live.emit(['a']);
    await vi.waitFor(() => expect(screen.observer.getCurrentResult().data).toEqual(['a']));
    queryClient.setQueryData<string[]>(key, (list = []) => [...list, 'optimistic']);
    await queryClient.invalidateQueries({ queryKey: key });
    expect(queryClient.getQueryData(key)).toEqual(['a', 'optimistic']);
    expect(live.state.starts).toBe(1);
    screen.unsubscribe();
  });

  it('stops the listener a while after the last screen leaves, and restarts it on return', async () => {
    vi.useFakeTimers();
    const key = newKey();
    const live = fakeListener<string>();
    const screen = observe(key, live.source);
    await vi.advanceTimersByTimeAsync(0);
    live.emit('v1');
    await vi.advanceTimersByTimeAsync(0);
    screen.unsubscribe();

    // Coming back within the linger time reuses the running listener.
    await vi.advanceTimersByTimeAsync(LIVE_LINGER_MS - 1000);
    const back = observe(key, live.source);
    await vi.advanceTimersByTimeAsync(0);
    expect(live.state).toEqual({ starts: 1, stops: 0 });
    back.unsubscribe();

    await vi.advanceTimersByTimeAsync(LIVE_LINGER_MS);
    expect(live.state).toEqual({ starts: 1, stops: 1 });
    expect(isLive(key)).toBe(false);

    const later = observe(key, live.source);
    await vi.advanceTimersByTimeAsync(0);
    expect(live.state.starts).toBe(2);
    later.unsubscribe();
  });

  it('fails the query when the listener fails before its first result', async () => {
    const key = newKey();
    const live = fakeListener<string>();
    const screen = observe(key, live.source);
    await vi.waitFor(() => expect(live.state.starts).toBe(1));
    live.fail(new Error('permission-denied'));
    await vi.waitFor(() => expect(screen.observer.getCurrentResult().isError).toBe(true));
    expect(isLive(key)).toBe(false);
    screen.unsubscribe();
  });

  it('restarts a failed listener for a screen still showing it, which then shows the error', async () => {
    const key = newKey();
    const live = fakeListener<string>();
    const screen = observe(key, live.source);
    await vi.waitFor(() => expect(live.state.starts).toBe(1));
    live.emit('v1');
    await vi.waitFor(() => expect(screen.observer.getCurrentResult().data).toBe('v1'));

    live.fail(new Error('permission-denied'));
    expect(live.state.stops).toBe(1);
    await vi.waitFor(() => expect(live.state.starts).toBe(2));
    live.fail(new Error('permission-denied'));
    await vi.waitFor(() => expect(screen.observer.getCurrentResult().isError).toBe(true));
    // The last good data stays, so a screen can tell "gone while open" from "never there".
    expect(screen.observer.getCurrentResult().data).toBe('v1');
    screen.unsubscribe();
  });

  it('stops the listener when its query leaves the cache', async () => {
    const key = newKey();
    const live = fakeListener<string>();
    const screen = observe(key, live.source);
    await vi.waitFor(() => expect(live.state.starts).toBe(1));
    live.emit('v1');
    await vi.waitFor(() => expect(isLive(key)).toBe(true));
    queryClient.removeQueries({ queryKey: key });
    expect(live.state.stops).toBe(1);
    screen.unsubscribe();
  });
});

describe('liveQueryOptions with a first answer from the API', () => {
  /** A loaded page; `idle()` runs what waits for the main thread to be idle. */
  function loadedPage(online = true) {
    const waiting = new Map<number, () => void>();
    vi.stubGlobal('navigator', { onLine: online });
    vi.stubGlobal('document', { readyState: 'complete' });
    vi.stubGlobal('window', {
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      requestIdleCallback: (run: () => void) => {
        waiting.set(waiting.size + 1, run);
        return waiting.size;
      },
      cancelIdleCallback: (handle: number) => waiting.delete(handle),
    });
    const runWaiting = () => {
      for (const run of waiting.values()) run();
      waiting.clear();
    };
    /** Waits until the listener waits for an idle main thread, and lets it run. */
    const idle = async () => {
      await vi.waitFor(() => expect(waiting.size).toBeGreaterThan(0));
      runWaiting();
    };
    return Object.assign(idle, { runWaiting, waiting: () => waiting.size });
  }

  function api<T>(answer: () => Promise<T>, cached = false) {
    const calls = { count: 0 };
    const firstAnswer: FirstAnswer<T> = {
      cached: () => cached,
      fetch: () => {
        calls.count += 1;
        return answer();
      },
    };
    return { firstAnswer, calls };
  }

  it('answers from the API without the listener, which starts afterwards and keeps it live', async () => {
    const idle = loadedPage();
    const key = newKey();
    const live = fakeListener<string[]>();
    const { firstAnswer, calls } = api(() => Promise.resolve(['from api']));
    const screen = observe(key, live.source, firstAnswer);
    await vi.waitFor(() => expect(screen.observer.getCurrentResult().data).toEqual(['from api']));
    expect(calls.count).toBe(1);
    expect(live.state.starts).toBe(0);
    expect(isLive(key)).toBe(true);

    await idle();
    expect(live.state.starts).toBe(1);
    live.emit(['from api', 'changed by another member']);
    expect(queryClient.getQueryData(key)).toEqual(['from api', 'changed by another member']);
    // Once the listener has answered, refetches answer from the cache: one API call in all.
    await queryClient.invalidateQueries({ queryKey: key });
    expect(calls.count).toBe(1);
    screen.unsubscribe();
  });

  it('asks the API again on a refetch before the listener has answered', async () => {
    const idle = loadedPage();
    const key = newKey();
    const live = fakeListener<string>();
    let answer = 'before';
    const { firstAnswer, calls } = api(() => Promise.resolve(answer));
    const screen = observe(key, live.source, firstAnswer);
    await vi.waitFor(() => expect(screen.observer.getCurrentResult().data).toBe('before'));
    answer = 'after a change';
    await queryClient.invalidateQueries({ queryKey: key });
    expect(queryClient.getQueryData(key)).toBe('after a change');
    expect(calls.count).toBe(2);
    await idle();
    live.emit('from listener');
    expect(queryClient.getQueryData(key)).toBe('from listener');
    screen.unsubscribe();
  });

  it('takes the listener path when the cache holds the query, or offline', async () => {
    for (const [cached, online] of [
      [true, true],
      [false, false],
    ]) {
      loadedPage(online);
      const key = newKey();
      const live = fakeListener<string>();
      const { firstAnswer, calls } = api(() => Promise.resolve('from api'), cached);
      const screen = observe(key, live.source, firstAnswer);
      await vi.waitFor(() => expect(live.state.starts).toBe(1));
      live.emit('from cache');
      await vi.waitFor(() => expect(screen.observer.getCurrentResult().data).toBe('from cache'));
      expect(calls.count).toBe(0);
      screen.unsubscribe();
    }
  });

  it('falls back to the listener when the API cannot be reached', async () => {
    loadedPage();
    const key = newKey();
    const live = fakeListener<string>();
    const { firstAnswer } = api<string>(() => Promise.reject(new TypeError('Failed to fetch')));
    const screen = observe(key, live.source, firstAnswer);
    await vi.waitFor(() => expect(live.state.starts).toBe(1));
    live.emit('from listener');
    await vi.waitFor(() => expect(screen.observer.getCurrentResult().data).toBe('from listener'));
    screen.unsubscribe();
  });

  it("shows the API's refusal without starting a listener", async () => {
    loadedPage();
    const key = newKey();
    const live = fakeListener<string>();
    const { firstAnswer } = api<string>(() => Promise.reject(new Error('gone')));
    const screen = observe(key, live.source, firstAnswer);
    await vi.waitFor(() => expect(screen.observer.getCurrentResult().isError).toBe(true));
    expect(live.state.starts).toBe(0);
    expect(isLive(key)).toBe(false);
    screen.unsubscribe();
  });

  it('asks the listener itself after a deferred listener failed before answering', async () => {
    const idle = loadedPage();
    const key = newKey();
    const live = fakeListener<string>();
    const { firstAnswer, calls } = api(() => Promise.resolve('from api'));
    const screen = observe(key, live.source, firstAnswer);
    await vi.waitFor(() => expect(screen.observer.getCurrentResult().data).toBe('from api'));
    await idle();
    expect(live.state.starts).toBe(1);
    live.fail(new Error('permission-denied'));
    await vi.waitFor(() => expect(live.state.starts).toBe(2));
    expect(calls.count).toBe(1);
    live.emit('from listener');
    await vi.waitFor(() => expect(screen.observer.getCurrentResult().data).toBe('from listener'));
    screen.unsubscribe();
  });

  it('never starts the deferred listener when the query leaves the cache first', async () => {
    const idle = loadedPage();
    const key = newKey();
    const live = fakeListener<string>();
    const { firstAnswer } = api(() => Promise.resolve('from api'));
    const screen = observe(key, live.source, firstAnswer);
    await vi.waitFor(() => expect(screen.observer.getCurrentResult().data).toBe('from api'));
    await vi.waitFor(() => expect(idle.waiting()).toBe(1));
    screen.unsubscribe();
    queryClient.removeQueries({ queryKey: key });
    idle.runWaiting();
    expect(live.state.starts).toBe(0);
  });
});
