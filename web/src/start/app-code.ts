// The app's code, asked for by the page's first script instead of by its HTML (auth.html,
// home.html, moment.html: see web/build/route-pages.ts). The build moves the app's module script
// and the links to its chunks into that script's attributes: data-entry (the main chunk) and
// data-preloads (the first screen's chunks). Their style sheets are in the HTML.
import { afterTask } from '../lib/schedule';

/**
 * Adds the app's code to the page the first time it is called: the main chunk, then its chunks,
 * each in a task of its own. Starting a request costs the main thread a few milliseconds (more
 * on a slow phone): a page's score of them in one task was one long task (docs/startup.md).
 */
export function appCodeLoader(script: HTMLOrSVGScriptElement | null): () => void {
  let started = false;
  const named = (attribute: string) =>
    (script?.getAttribute(attribute) ?? '').split(' ').filter(Boolean);
  return () => {
    if (started) return;
    started = true;
    const entry = script?.getAttribute('data-entry');
    // Without it this is a page the build did not make (a dev server's): the HTML loads the app.
    if (!entry) return;
    // In the CORS mode the app's own loader (Vite's preload helper) asks in: a preload in another
    // mode is not used, and the file is fetched a second time.
    const preload = (href: string) => () => {
      const added = document.createElement('link');
      added.rel = 'modulepreload';
      added.crossOrigin = '';
      added.href = href;
      return added;
    };
    const app = () => {
      const added = document.createElement('script');
      added.type = 'module';
      added.crossOrigin = '';
      added.src = entry;
      return added;
    };
    const additions = [app, ...named('data-preloads').map(preload)];
    const addFrom = (index: number) => {
      const add = additions[index];
      if (!add) return;
      document.head.append(add());
      afterTask(() => addFrom(index + 1));
    };
    addFrom(0);
  };
}

/** Whether the browser reports paints of `type` to a PerformanceObserver (older ones do not). */
export function reportsPaints(type: 'paint' | 'largest-contentful-paint'): boolean {
  return (
    'PerformanceObserver' in window &&
    (PerformanceObserver.supportedEntryTypes as readonly string[] | undefined)?.includes(type) ===
      true
  );
}
