// The app's code, asked for by the page's first script instead of by its HTML (auth.html,
// home.html, moment.html: see web/route-pages.ts). The build moves the app's module script and
// the links to its chunks into that script's attributes: data-entry (the main chunk),
// data-preloads (the first screen's chunks) and data-styles (their style sheets).

/** Adds the app's code to the page, all at once, the first time it is called. */
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
    const link = (rel: string, href: string) => {
      const element = document.createElement('link');
      element.rel = rel;
      // As the app's own loader asks (Vite's preload helper): a preload in another CORS mode is
      // not used, and the file is fetched a second time.
      element.crossOrigin = '';
      element.href = href;
      return element;
    };
    for (const href of named('data-preloads')) document.head.append(link('modulepreload', href));
    for (const href of named('data-styles')) {
      const style = link('preload', href);
      style.setAttribute('as', 'style');
      document.head.append(style);
    }
    const app = document.createElement('script');
    app.type = 'module';
    app.crossOrigin = '';
    app.src = entry;
    document.head.append(app);
  };
}

/** Runs `then` after the next frame has painted; at once in a tab that paints nothing. */
export function afterNextPaint(then: () => void): void {
  if (document.visibilityState !== 'visible') {
    then();
    return;
  }
  requestAnimationFrame(() => setTimeout(then, 0));
}
