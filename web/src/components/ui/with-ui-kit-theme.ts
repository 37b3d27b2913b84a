import type { ComponentType } from 'react';
import { lazyWithPrefetch } from '../../lib/load-later';
import { untilTask } from '../../lib/schedule';

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
 * A part drawn with MUI that the first screen does not show (a menu, a dialog), as
 * lazyWithPrefetch's (lib/load-later.ts): its prefetch evaluates the UI kit's styling engine (the ui-engine chunk,
 * vite.config.ts), then its system and the app's theme (ui-core), then the part with the kit's
 * components, each in a task of its own.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React's own `lazy` signature
export function lazyUiKitPart<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  return lazyWithPrefetch(withUiKitTheme(load), prepareUiKit);
}

async function prepareUiKit() {
  await import('@emotion/react');
  await untilTask();
  await loadUiKitTheme();
}

function loadUiKitTheme() {
  return import('./ui-kit-theme');
}
