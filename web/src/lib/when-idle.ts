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

/**
 * Runs `task` once the page has loaded, no code, style or image has arrived for
 * SETTLED_QUIET_MS and the main thread is idle; at most SETTLED_MAX_WAIT_MS after the load event.
 * For heavy work that must not compete with the first screen: the page's code, calls and photos
 * arrive in a burst after the load event, since the app's code is asked for after the first
 * paint.
 */
export function whenPageSettled(task: () => void): () => void {
  let quiet: number | undefined;
  let deadline: number | undefined;
  let observer: PerformanceObserver | undefined;
  let cancelIdle = () => {};
  const stop = () => {
    window.clearTimeout(quiet);
    window.clearTimeout(deadline);
    observer?.disconnect();
  };
  const settle = () => {
    stop();
    cancelIdle = whenIdle(task);
  };
  const waitForQuiet = () => {
    window.clearTimeout(quiet);
    quiet = window.setTimeout(settle, SETTLED_QUIET_MS);
  };
  const cancelLoad = whenLoaded(() => {
    deadline = window.setTimeout(settle, SETTLED_MAX_WAIT_MS);
    if (typeof PerformanceObserver === 'function') {
      observer = new PerformanceObserver((list) => {
        if ((list.getEntries() as PerformanceResourceTiming[]).some(isPageFile)) waitForQuiet();
      });
      observer.observe({ type: 'resource' });
    }
    waitForQuiet();
  });
  return () => {
    cancelLoad();
    stop();
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
