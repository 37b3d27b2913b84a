// The first calls of /home and of a moment's page, started by the page's HTML (home.html,
// moment.html: see web/build/route-pages.ts) rather than by the app's code: the session check,
// the page's first answers from the API and its first photo, drawn in a preview of the page
// (./page-preview.ts). A small bundle of its own, run before the app's chunks (a few hundred KB
// on a phone's first visit).
// It also asks for the app's code, once that first photo has painted: fetched meanwhile, the
// code would share a slow network with the photo and hold back the page's largest paint by its
// download, and then by its start-up on a slow phone. The app's client takes the calls' answers
// up (lib/api-client.ts). `data-page` on its script says which page this is.
import type { Journal } from '@moments/shared';
import {
  answersFromApi,
  commentsAnswer,
  journalAnswer,
  journalsAnswer,
  type ApiFirstAnswer,
} from '../features/moments/api/first-answers';
import { appCodeLoader, reportsPaints } from './app-code';
import { afterPaint } from '../lib/schedule';
import { firstCover, preloadPhoto } from '../features/moments/utils/first-photo';
import { showHomePreview, showMomentPreview } from './page-preview';
import { PREVIEW_ID } from '../features/moments/utils/preview-layer';
import { startFirstCall } from '../lib/api-client';

/** The answer's JSON, or nothing when there is no usable answer (the app reports failures). */
async function body<T>(response: Promise<Response>): Promise<T | undefined> {
  try {
    const answer = await response;
    return answer.ok ? ((await answer.clone().json()) as T) : undefined;
  } catch {
    return undefined;
  }
}

function start(answer: ApiFirstAnswer): Promise<Response> | undefined {
  return answersFromApi(answer) ? startFirstCall(answer.path) : undefined;
}

/**
 * The app's code waits for the first photo this long at most (a slow answer or photo): the page
 * cannot be used before the code has run.
 */
const APP_CODE_MAX_WAIT_MS = 1500;

/** The element of a largest-paint entry (the type is not in TypeScript's DOM library yet). */
type LargestPaint = PerformanceEntry & { element: Element | null };

/**
 * `loadApp` once the preview's photos have painted: the browser's report of the page's largest
 * paint names one of them (`photo` is the first). Where the browser makes no such report, once
 * `photo` has loaded, or failed to, and the next frame has painted.
 */
function whenDrawn(photo: HTMLImageElement | undefined, loadApp: () => void): void {
  const preview = photo?.closest(`#${PREVIEW_ID}`);
  // A hidden tab paints nothing.
  if (!photo || !preview || document.visibilityState !== 'visible') {
    afterPaint(loadApp);
    return;
  }
  photo.addEventListener('error', () => afterPaint(loadApp), { once: true });
  // Reported once the frame is on the screen, later than the frame's own tasks.
  if (reportsPaints('largest-contentful-paint')) {
    new PerformanceObserver((list, observer) => {
      const painted = (list.getEntries() as LargestPaint[]).some(
        (entry) => entry.element instanceof HTMLImageElement && preview.contains(entry.element),
      );
      if (!painted) return;
      observer.disconnect();
      loadApp();
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  } else if (photo.complete) {
    afterPaint(loadApp);
  } else {
    photo.addEventListener('load', () => afterPaint(loadApp), { once: true });
  }
}

/**
 * Starts the page's first calls. Once its first answer is here: preloads its first photo, shows
 * the page's preview and returns the preview's first photo.
 */
async function startCalls(page: string | undefined): Promise<HTMLImageElement | undefined> {
  startFirstCall('/api/user');
  if (page === 'home') {
    const list = start(journalsAnswer);
    const journals = list && (await body<Journal[]>(list));
    if (!journals) return undefined;
    preloadPhoto(firstCover(journals), 'card');
    return showHomePreview(journals);
  }
  if (page === 'moment') {
    const id = decodeURIComponent(location.pathname.split('/').filter(Boolean).pop() ?? '');
    const moment = id ? start(journalAnswer(id)) : undefined;
    if (!moment) return undefined;
    start(commentsAnswer(id));
    const journal = await body<Journal>(moment);
    if (!journal) return undefined;
    preloadPhoto(journal.images[0], 'carousel');
    return showMomentPreview(journal);
  }
  return undefined;
}

function startPage(page: string | undefined, loadApp: () => void) {
  // Offline, the app answers from the device: nothing to start, and its code is on the device
  // (the service worker's), as it is whenever a service worker serves this page.
  if (!navigator.onLine) {
    loadApp();
    return;
  }
  if (navigator.serviceWorker?.controller) loadApp();
  setTimeout(loadApp, APP_CODE_MAX_WAIT_MS);
  // Should anything here fail (a malformed address, say), the app starts at once.
  startCalls(page).then((photo) => whenDrawn(photo, loadApp), loadApp);
}

const script = document.currentScript;
startPage(script?.dataset.page, appCodeLoader(script));
