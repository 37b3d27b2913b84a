import { useDeferredValue, useState } from 'react';

/**
 * A query's data, its first answer rendered in the background. A query's update renders at
 * once and in one piece (TanStack Query updates through useSyncExternalStore), so a page's
 * first answer would hold a phone's main thread for the whole page; deferred, it renders in
 * slices that yield to the browser, the page's loading state showing meanwhile (`undefined`).
 * Later changes (live entries, a renamed moment) are small and wanted now: they render at once,
 * not twice (a deferred value renders first with the old value, then with the new).
 */
export function useFirstAnswerDeferred<T>(data: T | undefined): T | undefined {
  // The first answer, once it has rendered. From then on the deferred value is asked for that
  // same answer, which it holds already: nothing is left to render in the background.
  const [first, setFirst] = useState<T | undefined>(undefined);
  const deferred = useDeferredValue(first === undefined ? data : first);
  // Set while rendering (React renders again at once), by the background render that shows it.
  if (first === undefined && deferred !== undefined) setFirst(() => deferred);
  return first === undefined ? deferred : data;
}
