// auth.html's one script: the app's code once the prerendered sign-in screen has painted (see
// web/build/prerender.ts), all of the first screen's chunks at once. Fetched beside the HTML, the
// code could arrive and start before the first paint, and hold it back by the app's whole
// start-up on a slow phone.
import { appCodeLoader, reportsPaints } from './app-code';

/** The paint never reported: the app starts all the same. */
const MAX_WAIT_MS = 1000;

function start(loadApp: () => void) {
  // A hidden tab paints nothing; without paint timing, nothing says when: at once.
  if (document.visibilityState !== 'visible' || !reportsPaints('paint')) {
    loadApp();
    return;
  }
  new PerformanceObserver((list, observer) => {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    setTimeout(loadApp, 0);
  }).observe({ type: 'paint', buffered: true });
  setTimeout(loadApp, MAX_WAIT_MS);
}

start(appCodeLoader(document.currentScript));
