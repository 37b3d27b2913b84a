// The first calls of /home and of a moment's page, started by the page's HTML (home.html,
// moment.html: see route-pages.ts) rather than by the app's code: the session check, the page's
// first answers from the API and its first photo. A small bundle of its own, run before the
// app's chunks (a few hundred KB on a phone's first visit) have arrived: the calls and the photo
// are on their way meanwhile, and the app's client takes the answers up (lib/api-client.ts).
// `data-page` on its script says which page this is.
import type { Journal } from '@moments/shared';
import {
  answersFromApi,
  commentsAnswer,
  journalAnswer,
  journalsAnswer,
  type ApiFirstAnswer,
} from './features/moments/api/first-answers';
import { firstCover, preloadPhoto } from './features/moments/utils/first-photo';
import { showHomePreview, showMomentPreview } from './features/moments/utils/page-preview';
import { startFirstCall } from './lib/api-client';

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

function startPage(page: string | undefined) {
  // Offline, the app answers from the device: nothing to start.
  if (!navigator.onLine) return;
  startFirstCall('/api/user');
  if (page === 'home') {
    const list = start(journalsAnswer);
    if (list)
      void body<Journal[]>(list).then((journals) => {
        if (!journals) return;
        preloadPhoto(firstCover(journals), 'card');
        showHomePreview(journals);
      });
  } else if (page === 'moment') {
    const id = decodeURIComponent(location.pathname.split('/').filter(Boolean).pop() ?? '');
    if (!id) return;
    const moment = start(journalAnswer(id));
    start(commentsAnswer(id));
    if (moment)
      void body<Journal>(moment).then((journal) => {
        if (!journal) return;
        preloadPhoto(journal.images[0], 'carousel');
        showMomentPreview(journal);
      });
  }
}

startPage(document.currentScript?.dataset.page);
