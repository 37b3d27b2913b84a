// The one vocabulary for "later" in the page's start-up, from soonest to latest:
//   afterTask          in a task of its own, right after the current one
//   afterPaint         once the next frame has painted
//   untilDrawn         once the next frame is on screen (the frame after it has begun)
//   afterIdle          once the main thread is idle
//   afterLoadAndIdle   after the load event, once the main thread is idle
//   afterSettled       once the page has settled: its first screen's files in, then quiet
// and `untilTask`, `untilIdle`, `untilSettled`, the same as promises for async code. Those that
// may be called off return a cancel. docs/startup.md says which mechanism waits for which.

/**
 * Runs `work` in a task of its own, right after the current one: a message to this page is
 * handled as a new task, before timers, and unlike setTimeout's 0 ms it is not stretched to 4 ms
 * when tasks chain. So that a phone's main thread is not held for both at once.
 */
export function afterTask(work: () => void): void {
  const channel = new MessageChannel();
  channel.port1.onmessage = () => work();
  channel.port2.postMessage(null);
}

/** afterTask for async code: resolves in a task of its own, right after the current one. */
export function untilTask(): Promise<void> {
  return new Promise((resolve) => afterTask(resolve));
}

/** Runs `work` after the next frame has painted; at once in a tab that paints nothing. */
export function afterPaint(work: () => void): void {
  if (document.visibilityState !== 'visible') {
    work();
    return;
  }
  requestAnimationFrame(() => setTimeout(work, 0));
}

/** afterPaint for async code. */
export function untilPaint(): Promise<void> {
  return new Promise((resolve) => afterPaint(resolve));
}

/**
 * Resolves once the next frame is on screen: the frame after it has begun. For a request that a
 * press starts: in Chromium a request started before the press's frame was on screen held that
 * frame back, the press's feedback with it, by 300-600 ms (the touch bench's Send, settled).
 */
export function untilDrawn(): Promise<void> {
  return untilPaint().then(untilPaint);
}

/** At most this long, so that on a page that is never idle the work still happens. */
export const IDLE_TIMEOUT_MS = 2000;

/**
 * Runs `task` once the main thread is idle (or after `timeout`): work the first screen does not
 * need waits until the browser has nothing else to do. Returns a cancel.
 */
export function afterIdle(task: () => void, timeout = IDLE_TIMEOUT_MS): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(task, { timeout });
    return () => window.cancelIdleCallback(handle);
  }
  // Safari has no requestIdleCallback: after the current work and a short pause.
  const handle = window.setTimeout(task, 200);
  return () => window.clearTimeout(handle);
}

/** afterIdle for async code. */
export function untilIdle(): Promise<void> {
  return new Promise((resolve) => afterIdle(resolve));
}

/** Runs `task` once the page has loaded (its load event) and the main thread is idle. */
export function afterLoadAndIdle(task: () => void, timeout = IDLE_TIMEOUT_MS): () => void {
  let cancelIdle = () => {};
  const cancelLoad = afterLoad(() => {
    cancelIdle = afterIdle(task, timeout);
  });
  return () => {
    cancelLoad();
    cancelIdle();
  };
}

/** How long the page must fetch no code or image before it counts as settled (afterSettled). */
export const SETTLED_QUIET_MS = 2000;
/** The longest afterSettled waits after the load event: a page may fetch as people scroll. */
export const SETTLED_MAX_WAIT_MS = 10_000;

/**
 * Whether a resource is one of the page's files (code, style, image), not a call: the sign-in
 * page asks for the session every second, and a call is small beside the files.
 */
function isPageFile(entry: PerformanceResourceTiming): boolean {
  return !['fetch', 'xmlhttprequest', 'beacon'].includes(entry.initiatorType);
}

/** Tasks waiting for the page to settle. */
const waiting = new Set<() => void>();
let settling: 'not watched' | 'watched' | 'settled' = 'not watched';

/**
 * Watches, once per page load, for the page to settle: after the load event, SETTLED_QUIET_MS in
 * which no code, style or image arrives, or SETTLED_MAX_WAIT_MS. Then runs the waiting tasks.
 */
function watchForSettling(): void {
  let quiet: number | undefined;
  let observer: PerformanceObserver | undefined;
  const settle = () => {
    if (settling === 'settled') return;
    settling = 'settled';
    window.clearTimeout(quiet);
    observer?.disconnect();
    waiting.forEach((run) => run());
    waiting.clear();
  };
  const waitForQuiet = () => {
    window.clearTimeout(quiet);
    quiet = window.setTimeout(settle, SETTLED_QUIET_MS);
  };
  afterLoad(() => {
    window.setTimeout(settle, SETTLED_MAX_WAIT_MS);
    if (typeof PerformanceObserver === 'function') {
      observer = new PerformanceObserver((list) => {
        if ((list.getEntries() as PerformanceResourceTiming[]).some(isPageFile)) waitForQuiet();
      });
      observer.observe({ type: 'resource' });
    }
    waitForQuiet();
  });
}

/**
 * Runs `task` once the page has settled (its first screen's code, styles and images are in: see
 * watchForSettling) and the main thread is idle; later calls, at the next idle moment. For heavy
 * work that must not compete with the first screen: the page's code, calls and photos arrive in
 * a burst after the load event, since the app's code is asked for after the first paint.
 */
export function afterSettled(task: () => void): () => void {
  if (settling === 'settled') return afterIdle(task);
  let cancelIdle = () => {};
  const run = () => {
    cancelIdle = afterIdle(task);
  };
  waiting.add(run);
  if (settling === 'not watched') {
    settling = 'watched';
    watchForSettling();
  }
  return () => {
    waiting.delete(run);
    cancelIdle();
  };
}

/** afterSettled for async code. */
export function untilSettled(): Promise<void> {
  return new Promise((resolve) => afterSettled(resolve));
}

function afterLoad(task: () => void): () => void {
  if (document.readyState === 'complete') {
    task();
    return () => {};
  }
  window.addEventListener('load', task, { once: true });
  return () => window.removeEventListener('load', task);
}
