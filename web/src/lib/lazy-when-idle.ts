import { lazy, type ComponentType } from 'react';
import { whenLoadedAndIdle } from './when-idle';

/**
 * A component the first screen does not show (a menu, a dialog), as React's `lazy`: its code
 * (and the UI kit's, which it brings) stays off the first screen's path, and is fetched once
 * the page has loaded and the main thread is idle, so that the first tap does not wait for it.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React's own `lazy` signature
export function lazyWhenIdle<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  let loading: Promise<{ default: T }> | undefined;
  const loadOnce = () => {
    loading ??= load();
    return loading;
  };
  whenLoadedAndIdle(() => {
    // A failure here (offline) is not the person's: their first tap asks again.
    loadOnce().catch(() => {
      loading = undefined;
    });
  });
  return lazy(loadOnce);
}
