// The one place code is loaded later than the first screen, each way built on `loadOnce`:
//   loadOnce                a module (or anything) fetched at its first use, kept once here
//   lazyWithPrefetch        a component the first screen does not show, with a prefetch
//   usePrefetchWhenSettled  that prefetch, once the page has settled
//   useLazyModule           a module the screen draws without, fetched after the first render
// (components/ui/with-ui-kit-theme.ts builds the UI kit's parts on lazyWithPrefetch.)
import { lazy, useEffect, useState, type ComponentType } from 'react';
import { afterSettled, untilTask } from './schedule';

/** A `loadOnce` load; `started` is its load under way or done, without starting one. */
export interface LoadOnce<T> {
  (): Promise<T>;
  started: () => Promise<T> | undefined;
}

/**
 * `load` (a chunk's import, say) run once and its answer kept; a failure (a download lost
 * offline) is not kept, so the next call tries again.
 */
export function loadOnce<T>(load: () => Promise<T>): LoadOnce<T> {
  let loading: Promise<T> | undefined;
  const once = () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
  return Object.assign(once, { started: () => loading });
}

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
    await untilTask();
  };
  return {
    Component: lazy(loadCode),
    prefetch: () => void prepared().then(loadCode).catch(() => undefined),
  };
}

/**
 * Runs `prefetch` once the page has settled (its first screen's code and photos are in: see
 * afterSettled), after the component calling this (the way to what it fetches, e.g. a menu's
 * button) has rendered, and `shown`: so that the first tap does not wait for the code, and the
 * first screen never competes with it. A tap before then fetches it at once.
 */
export function usePrefetchWhenSettled(prefetch: () => void, shown = true) {
  useEffect(() => (shown ? afterSettled(prefetch) : undefined), [prefetch, shown]);
}

/**
 * A module the screen can draw without (e.g. validation rules), fetched after the first
 * render, or once `wanted` turns true: undefined until it has arrived, and while offline
 * before it could.
 */
export function useLazyModule<T>(load: () => Promise<T>, wanted = true): T | undefined {
  const [module, setModule] = useState<{ value: T }>();
  const needed = wanted && !module;
  useEffect(() => {
    if (!needed) return;
    let current = true;
    // Asked for in a task of its own: the first render's effects run in the task that commits
    // it, and asking for a chunk adds its links to the page (Vite's preload), which would
    // lengthen that task.
    const later = setTimeout(() => {
      load()
        .then((value) => {
          if (current) setModule({ value });
        })
        .catch(() => undefined);
    }, 0);
    return () => {
      current = false;
      clearTimeout(later);
    };
  }, [load, needed]);
  return module?.value;
}
