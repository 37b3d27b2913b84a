// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SETTLED_MAX_WAIT_MS, SETTLED_QUIET_MS } from './schedule';

/** The page's resource observer, as afterSettled registers it (jsdom has none). */
let reportResources: ((entries: { initiatorType: string }[]) => void) | undefined;

class FakePerformanceObserver {
  constructor(callback: (list: { getEntries: () => unknown[] }) => void) {
    reportResources = (entries) => callback({ getEntries: () => entries });
  }
  observe() {}
  disconnect() {
    reportResources = undefined;
  }
}

/** A fresh copy of the module: whether the page has settled is kept per page load. */
const load = async () => {
  vi.resetModules();
  return import('./schedule');
};

describe('afterSettled', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('PerformanceObserver', FakePerformanceObserver);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    reportResources = undefined;
  });

  it('waits until no code or image has arrived for SETTLED_QUIET_MS; calls do not count', async () => {
    const { afterSettled } = await load();
    const task = vi.fn();
    afterSettled(task);
    await vi.advanceTimersByTimeAsync(SETTLED_QUIET_MS - 500);
    reportResources?.([{ initiatorType: 'script' }]);
    await vi.advanceTimersByTimeAsync(SETTLED_QUIET_MS - 500);
    // The session check the sign-in page makes every second.
    reportResources?.([{ initiatorType: 'fetch' }]);
    expect(task).not.toHaveBeenCalled();
    // SETTLED_QUIET_MS after the script, then (without requestIdleCallback) a short pause.
    await vi.advanceTimersByTimeAsync(800);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('gives up waiting SETTLED_MAX_WAIT_MS after the load event on a page that keeps fetching', async () => {
    const { afterSettled } = await load();
    const task = vi.fn();
    afterSettled(task);
    for (let waited = 0; waited < SETTLED_MAX_WAIT_MS - 1000; waited += 1000) {
      reportResources?.([{ initiatorType: 'img' }]);
      await vi.advanceTimersByTimeAsync(1000);
    }
    expect(task).not.toHaveBeenCalled();
    reportResources?.([{ initiatorType: 'img' }]);
    await vi.advanceTimersByTimeAsync(1300);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('once the page has settled, runs later work at the next idle moment, and can cancel', async () => {
    const { afterSettled } = await load();
    const first = vi.fn();
    const cancelled = vi.fn();
    afterSettled(first);
    afterSettled(cancelled)();
    await vi.advanceTimersByTimeAsync(SETTLED_QUIET_MS + 300);
    expect(first).toHaveBeenCalledTimes(1);
    expect(cancelled).not.toHaveBeenCalled();

    // A screen opened later (the list after signing in) does not wait for another quiet spell.
    const later = vi.fn();
    afterSettled(later);
    await vi.advanceTimersByTimeAsync(300);
    expect(later).toHaveBeenCalledTimes(1);
  });
});
