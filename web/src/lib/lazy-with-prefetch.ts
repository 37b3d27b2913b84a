import { lazy, useEffect, type ComponentType } from 'react';
import { loadOnce } from './load-once';
import { untilNextTask } from './next-task';
import { whenPageSettled } from './when-idle';

/**
 * A component the first screen does not show (a menu, a dialog), as React's `lazy`, with a
 * `prefetch` that fetches its code (and the UI kit's, which it brings) ahead of the first use.
 * `prepare`, when given, is fetched and evaluated first, and the component's own code in a later
 * task (e.g. the UI kit's styling engine and theme, then the menu and its components): on a phone,
 * evaluating all of it at once is one long task, which would hold a tap that comes meanwhile.
 * A failed fetch (offline) is asked again at the next use.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React's own `lazy` signature
export function lazyWithPrefetch<T extends ComponentType<any>>(
  load: () => Promise<{ default: T }>,
  prepare?: () => Promise<unknown>,
) {
  const loadCode = loadOnce(load);
  const prepared = async () => {
    if (!prepare) return;
    await prepare();
    await untilNextTask();
  };
  return {
    Component: lazy(loadCode),
    prefetch: () => void prepared().then(loadCode).catch(() => undefined),
  };
}

/**
 * Runs `prefetch` once the page has settled (its first screen's code and photos are in: see
 * whenPageSettled), after the component calling this (the way to what it fetches, e.g. a menu's
 * button) has rendered, and `shown`: so that the first tap does not wait for the code, and the
 * first screen never competes with it. A tap before then fetches it at once.
 */
export function usePrefetchWhenSettled(prefetch: () => void, shown = true) {
  useEffect(() => (shown ? whenPageSettled(prefetch) : undefined), [prefetch, shown]);
}
