import type { ComponentType } from 'react';

/**
 * A lazy component's `load` (React's `lazy`, the router's `page`), for a component drawn with
 * MUI: its default export wrapped in the app's MUI theme, which is fetched beside it. Every
 * MUI part of the app is reached through one: none is on a first screen (main.tsx's, /auth's,
 * /home's or a moment's static imports), and there is no theme above them.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React's own `lazy` signature
export function withUiKitTheme<T extends ComponentType<any>>(
  load: () => Promise<{ default: T }>,
): () => Promise<{ default: T }> {
  return () =>
    Promise.all([load(), loadUiKitTheme()]).then(([module, kit]) => ({
      default: kit.themed(module.default),
    }));
}

/**
 * The app's MUI theme and the UI kit's styling engine, without its components (the ui-core
 * chunk, vite.config.ts): what a prefetch evaluates before a part's own code (lazyWithPrefetch's
 * `prepare`).
 */
export function loadUiKitTheme() {
  return import('./ui-kit-theme');
}
