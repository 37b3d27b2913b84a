// The page's largest paint is its first photo (the first cover on /home, the carousel's first
// photo on a moment page). It starts downloading as soon as the page's first answer from the
// API is here, before the page has rendered, at high priority and in the size the page's <img>
// will pick (the same srcset and sizes, so the browser uses this download for it).
import { sortJournals, type Journal, type JournalImage } from '@moments/shared';
import { earlyAnswer, journalAnswer, journalsAnswer } from '../api/first-answers';
import { coverOf, isSharedJournal } from './journal-list';
import { photoSources, type PhotoLayout } from './photo-sources';

/**
 * A high-priority preload of `image` as `layout` shows it, once per photo: the page's first-calls
 * script (src/start/first-calls.ts, a bundle of its own) and the app may both ask.
 */
export function preloadPhoto(image: JournalImage | undefined, layout: PhotoLayout): void {
  const url = image?.imageUrl;
  if (!image || !url) return;
  const links = document.head.querySelectorAll('link[rel="preload"][as="image"]');
  if (Array.from(links).some((link) => link.getAttribute('href') === url)) return;
  const { srcSet, sizes } = photoSources(image, layout);
  const link = document.createElement('link');
  link.rel = 'preload';
  link.setAttribute('as', 'image');
  link.href = url;
  if (srcSet && sizes) {
    link.setAttribute('imagesrcset', srcSet);
    link.setAttribute('imagesizes', sizes);
  }
  link.setAttribute('fetchpriority', 'high');
  document.head.appendChild(link);
}

/** The cover of the first card /home shows (its first tab: the person's private moments). */
export function firstCover(journals: Journal[]): JournalImage | undefined {
  const first = sortJournals(journals).find((journal) => !isSharedJournal(journal));
  return first && coverOf(first);
}

/** Once /home's early answer is here: its first cover. */
export async function preloadFirstCover(): Promise<void> {
  const journals = await earlyAnswer<Journal[]>(journalsAnswer)?.catch(() => undefined);
  if (journals) preloadPhoto(firstCover(journals), 'card');
}

/** Once a moment page's early answer is here: the carousel's first photo. */
export async function preloadFirstPhoto(journalId: string): Promise<void> {
  const journal = await earlyAnswer<Journal>(journalAnswer(journalId))?.catch(() => undefined);
  if (journal) preloadPhoto(journal.images[0], 'carousel');
}
