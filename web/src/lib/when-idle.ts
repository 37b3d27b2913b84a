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
  let cancel = () => {};
  const afterLoad = () => {
    cancel = whenIdle(task, timeout);
  };
  if (document.readyState === 'complete') {
    afterLoad();
  } else {
    window.addEventListener('load', afterLoad, { once: true });
    cancel = () => window.removeEventListener('load', afterLoad);
  }
  return () => cancel();
}
