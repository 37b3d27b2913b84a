// /home and a moment's page before the app has drawn them. Once the page's first answer from the
// API is here (./first-calls.ts, before the app's code has run), the page's first screen shows
// over the loading screen, its first photos in their place and size: /home's header, title, tabs
// and first cards' covers; a moment's title and first photo, with "Loading..." below. The first
// photo is the page's largest paint: it shows as soon as it has downloaded, instead of once the
// app's code (a few hundred KB on a phone's first visit) has arrived and rendered the page.
// It is a layer over #root, outside React's tree: the app's own loading states render under it,
// and the app removes it when it has drawn the page (or anything else in its place), in the same
// frame, so no photo blinks (features/moments/utils/preview-layer.ts). Styles: `.page-preview`
// and the classes after it in config/base-styles.ts, which mirror the pages' CSS modules;
// first-paint.test holds the first photo's place and size to the page's.
import { sortJournals, type Journal, type JournalImage } from '@moments/shared';
import logoMarkUrl from '../assets/logo-mark.svg';
import {
  DRAWN_ATTRIBUTE,
  PREVIEW_ID,
  dismissPagePreview,
} from '../features/moments/utils/preview-layer';
import { coverOf, isSharedJournal } from '../features/moments/utils/journal-list';
import {
  carouselPhotoAlt,
  photoSources,
  type PhotoLayout,
} from '../features/moments/utils/photo-sources';

/**
 * The preview's paint candidates (its photos and title) carry ids: the page's largest paint is
 * one of them, and once the app has removed the preview, Web Vitals' attribution (which reads the
 * browser's report after the page has settled, lib/analytics/web-vitals.ts) can name a removed
 * element only by its id.
 */
export const PREVIEW_PAINT_IDS = {
  title: 'page-preview-title',
  photo: 'page-preview-photo',
  cover: (index: number) => `page-preview-cover-${index}`,
};

/** Should the app never draw a page (it could not start), the preview still goes. */
const PREVIEW_MAX_MS = 20_000;
/** /home's cards in the preview: two rows, more than a phone's first screen shows. */
const HOME_PREVIEW_CARDS = 4;

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className?: string,
  text?: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text) node.textContent = text;
  return node;
}

function photo(image: JournalImage, src: string, layout: PhotoLayout, alt = ''): HTMLImageElement {
  const img = element('img');
  const { srcSet, sizes } = photoSources(image, layout);
  if (srcSet && sizes) {
    img.srcset = srcSet;
    img.sizes = sizes;
  }
  img.src = src;
  img.alt = alt;
  img.style.objectPosition = `center ${image.cropPosition}%`;
  return img;
}

/** The layer with `content`, unless the app has drawn its first screen already. */
function showPreview(...content: HTMLElement[]): boolean {
  if (document.documentElement.hasAttribute(DRAWN_ATTRIBUTE)) return false;
  if (document.getElementById(PREVIEW_ID)) return false;
  const preview = element('div', 'page-preview');
  preview.id = PREVIEW_ID;
  preview.dataset.path = location.pathname;
  // What it shows is the page's to say: assistive technology reads the app's screen beneath.
  preview.setAttribute('aria-hidden', 'true');
  preview.append(...content);
  document.body.append(preview);
  setTimeout(dismissPagePreview, PREVIEW_MAX_MS);
  return true;
}

/** A moment's title and first photo, with "Loading..." below; returns that photo, if shown. */
export function showMomentPreview(journal: Journal): HTMLImageElement | undefined {
  const image = journal.images[0];
  if (!image?.imageUrl) return undefined;
  // The page's header: the title above the people's avatars, beside the page's buttons (kept
  // invisible, so that a long title wraps where the page wraps it).
  const heading = element('div', 'moment-preview-heading');
  const title = element('h1', undefined, journal.title);
  title.id = PREVIEW_PAINT_IDS.title;
  heading.append(title, element('div', 'moment-preview-people'));
  const header = element('div', 'moment-preview-header');
  header.append(heading);
  for (const action of journal.role === 'owner' ? ['Share', 'Edit'] : ['Share']) {
    header.append(element('span', 'moment-preview-action', action));
  }
  const frame = element('div', 'moment-preview-frame');
  const first = photo(
    image,
    image.imageUrl,
    'carousel',
    carouselPhotoAlt(journal.title, 0, journal.photoCount),
  );
  first.fetchPriority = 'high';
  first.id = PREVIEW_PAINT_IDS.photo;
  frame.append(first);
  const page = element('div', 'moment-preview-page');
  // The first element keeps the place of the page's "Back to my moments" link.
  page.append(
    element('div', 'moment-preview-back'),
    header,
    frame,
    element('p', 'page-preview-loading', 'Loading...'),
  );
  return showPreview(page) ? first : undefined;
}

/**
 * /home's header, title and tabs, and the first cards of its first tab (private moments); returns
 * the first of their covers, if shown.
 */
export function showHomePreview(journals: Journal[]): HTMLImageElement | undefined {
  const cards = sortJournals(journals)
    .filter((journal) => !isSharedJournal(journal))
    .slice(0, HOME_PREVIEW_CARDS);
  // No private moment: the page's empty state is text, not worth a preview.
  if (cards.length === 0) return undefined;
  const bar = element('div', 'home-preview-bar');
  const logo = element('img');
  logo.src = logoMarkUrl;
  logo.alt = '';
  logo.width = 36;
  logo.height = 36;
  bar.append(logo, element('span', undefined, 'Moments'));
  const title = element('div', 'home-preview-title');
  const heading = element('h1', undefined, 'My Moments');
  heading.id = PREVIEW_PAINT_IDS.title;
  title.append(heading, element('span', undefined, 'New Moment'));
  const tabs = element('div', 'home-preview-tabs');
  tabs.append(
    element('span', 'home-preview-tab-selected', 'Private'),
    element('span', undefined, 'Shared'),
  );
  const grid = element('ul', 'home-preview-grid');
  let firstCover: HTMLImageElement | undefined;
  cards.forEach((journal, index) => {
    const cover = coverOf(journal);
    const card = element('li', cover ? 'home-preview-card' : 'home-preview-card home-preview-text');
    if (cover?.thumbUrl) {
      const img = photo(cover, cover.thumbUrl, 'card');
      img.id = PREVIEW_PAINT_IDS.cover(index);
      if (index === 0) img.fetchPriority = 'high';
      firstCover ??= img;
      const frame = element('div', 'home-preview-cover');
      frame.append(img);
      card.append(frame);
    }
    grid.append(card);
  });
  const page = element('div', 'home-preview-page');
  page.append(title, tabs, grid);
  return showPreview(bar, page) ? firstCover : undefined;
}
