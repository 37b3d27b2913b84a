// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SETTLED_QUIET_MS } from '../schedule';

const prepareClient = vi.hoisted(() => vi.fn());
const startClient = vi.hoisted(() => vi.fn());
const tracked = vi.hoisted(() => vi.fn());
vi.mock('./client', () => ({
  prepareClient: () => prepareClient(),
  startClient: (config: unknown) => {
    startClient(config);
    return { track: tracked, identify: vi.fn(), reset: vi.fn(), setSharing: vi.fn(), pageView: vi.fn() };
  },
}));
vi.mock('../api-client', () => ({
  api: { get: () => Promise.resolve({ token: 't', apiHost: null, recordSessionsPercent: 0 }) },
}));

const someone = { id: 'u1', firstName: 'Ines', shareUsageData: true };

describe('the analytics library', () => {
  let readyState: DocumentReadyState;
  beforeEach(() => {
    vi.useFakeTimers();
    vi.resetModules();
    prepareClient.mockReset();
    startClient.mockClear();
    tracked.mockClear();
    readyState = 'interactive';
    vi.spyOn(document, 'readyState', 'get').mockImplementation(() => readyState);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('starts only once the page has loaded and settled, with the events that waited', async () => {
    const runtime = await import('./runtime');
    runtime.start();
    runtime.setUser(someone as never);
    runtime.track('moment_opened');
    // The configuration has answered; the page's own code and photos are still loading.
    await vi.advanceTimersByTimeAsync(5_000);
    expect(startClient).not.toHaveBeenCalled();

    readyState = 'complete';
    window.dispatchEvent(new Event('load'));
    // Loaded, then SETTLED_QUIET_MS without a new file (jsdom fetches none), then idle.
    await vi.advanceTimersByTimeAsync(SETTLED_QUIET_MS - 100);
    expect(startClient).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2_000);
    await vi.waitFor(() => expect(startClient).toHaveBeenCalledTimes(1));
    await vi.waitFor(() => expect(tracked).toHaveBeenCalledWith('moment_opened', undefined));
  });

  it('reads what the library reads first in a task before the one that starts it', async () => {
    readyState = 'complete';
    const runtime = await import('./runtime');
    // How often the library had started once the task that prepared it had ended.
    let startedByThen: number | undefined;
    prepareClient.mockImplementation(() => {
      void Promise.resolve().then(() => (startedByThen = startClient.mock.calls.length));
    });
    runtime.start();
    runtime.setUser(someone as never);
    await vi.advanceTimersByTimeAsync(SETTLED_QUIET_MS + 2_000);
    await vi.waitFor(() => expect(startClient).toHaveBeenCalledTimes(1));
    expect(prepareClient).toHaveBeenCalledTimes(1);
    expect(startedByThen).toBe(0);
  });

  it('hands the waiting calls over in later tasks, one each, setting the initialised flag first', async () => {
    readyState = 'complete';
    localStorage.removeItem('analyticsInitialized');
    const runtime = await import('./runtime');
    runtime.start();
    runtime.setUser(someone as never);
    runtime.track('moment_opened');
    // What had been tracked once the task that tracked app_loaded had ended; and a call made
    // during the hand-over.
    let trackedByThen = 0;
    tracked.mockImplementation((event: string) => {
      if (event !== 'app_loaded') return;
      queueMicrotask(() => (trackedByThen = tracked.mock.calls.length));
      runtime.track('while_handing_over');
    });
    await vi.advanceTimersByTimeAsync(SETTLED_QUIET_MS);
    await vi.waitFor(() => expect(startClient).toHaveBeenCalledTimes(1));
    // The task that started the library (a long one on a phone) ended there.
    expect(tracked).not.toHaveBeenCalled();
    expect(localStorage.getItem('analyticsInitialized')).toBeNull();
    await vi.advanceTimersByTimeAsync(2_000);
    await vi.waitFor(() =>
      expect(tracked.mock.calls.map(([event]) => event)).toEqual([
        'app_loaded',
        'moment_opened',
        'while_handing_over',
      ]),
    );
    expect(trackedByThen).toBe(1);
    expect(localStorage.getItem('analyticsInitialized')).toBe('true');
  });

  it('goes on handing calls over when one of them throws', async () => {
    readyState = 'complete';
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const runtime = await import('./runtime');
    runtime.start();
    runtime.setUser(someone as never);
    runtime.track('breaks');
    runtime.track('moment_opened');
    tracked.mockImplementation((event: string) => {
      if (event === 'breaks') throw new Error('library failure');
    });
    await vi.advanceTimersByTimeAsync(SETTLED_QUIET_MS + 4_000);
    await vi.waitFor(() =>
      expect(tracked.mock.calls.map(([event]) => event)).toEqual([
        'app_loaded',
        'breaks',
        'moment_opened',
      ]),
    );
    // And the library is handed later calls directly.
    runtime.track('later');
    expect(tracked).toHaveBeenLastCalledWith('later', undefined);
    expect(warn).toHaveBeenCalledWith('Analytics: a waiting call failed.', expect.any(Error));
  });
});
