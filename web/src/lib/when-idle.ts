// Work the first screen does not need waits until the browser has nothing else to do.

/** At most this long, so that on a page that is never idle the work still happens. */
export const IDLE_TIMEOUT_MS = 2000;

/** Runs `task` once the main thread is idle (or after `timeout`); returns a cancel. */
export function whenIdle(task: () => void, timeout = IDLE_TIMEOUT_MS): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(task, { timeout });
    return () => window.cancelIdleCallback(handle);
  }
  // Safari has no requestIdleCallback: after the current work and a short pause.
  const handle = window.setTimeout(task, 200);
  return () => window.clearTimeout(handle);
}

/** Runs `task` once the page has loaded (its load event) and the main thread is idle. */
export function whenLoadedAndIdle(task: () => void, timeout = IDLE_TIMEOUT_MS): () => void {
  let cancelIdle = () => {};
  const cancelLoad = whenLoaded(() => {
    cancelIdle = whenIdle(task, timeout);
  });
  return () => {
    cancelLoad();
    cancelIdle();
  };
}

/** How long the page must fetch no code or image before it counts as settled (whenPageSettled). */
export const SETTLED_QUIET_MS = 2000;
/** The longest whenPageSettled waits after the load event: a page may fetch as people scroll. */
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
  whenLoaded(() => {
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
export function whenPageSettled(task: () => void): () => void {
  if (settling === 'settled') return whenIdle(task);
  let cancelIdle = () => {};
  const run = () => {
    cancelIdle = whenIdle(task);
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

function whenLoaded(task: () => void): () => void {
  if (document.readyState === 'complete') {
    task();
    return () => {};
  }
  window.addEventListener('load', task, { once: true });
  return () => window.removeEventListener('load', task);
}
