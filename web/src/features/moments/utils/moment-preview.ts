// A moment's page before the app has drawn it. Once the page's first answer from the API is here
// (src/first-calls.ts, before the app's code has run), the moment's title and first photo show
// over the loading screen, in the carousel's place and size, with the spinner below. The photo is
// the page's largest paint: it shows as soon as it has downloaded, instead of once the app's code
// (a few hundred KB on a phone's first visit) has arrived and rendered the page.
// It is a layer over #root, outside React's tree: the app's own loading states render under it,
// and the app removes it when it has drawn the moment (or anything else in its place), in the
// same frame, so the photo never blinks. Styles: `.moment-preview` in config/base-styles.ts.
import type { Journal } from '@moments/shared';
import { DRAWN_ATTRIBUTE, PREVIEW_ID, dismissMomentPreview } from './moment-preview-layer';
import { carouselPhotoAlt, photoSources } from './photo-sources';

/** Should the app never draw a page (it could not start), the preview still goes. */
const PREVIEW_MAX_MS = 20_000;

/** Draws the preview of `journal`, unless the app has drawn its first screen already. */
export function showMomentPreview(journal: Journal): void {
  const image = journal.images[0];
  if (!image?.imageUrl || document.documentElement.hasAttribute(DRAWN_ATTRIBUTE)) return;
  if (document.getElementById(PREVIEW_ID)) return;

  const preview = document.createElement('div');
  preview.id = PREVIEW_ID;
  preview.className = 'moment-preview';
  // What it shows is the page's to say: assistive technology reads the app's screen beneath.
  preview.setAttribute('aria-hidden', 'true');
  const page = document.createElement('div');
  page.className = 'moment-preview-page';
  // Where the page's "Back to my moments" link goes.
  const back = document.createElement('div');
  back.className = 'moment-preview-back';
  // The page's header: the title above the people's avatars, beside the page's buttons (kept
  // invisible, so that a long title wraps where the page wraps it).
  const header = document.createElement('div');
  header.className = 'moment-preview-header';
  const heading = document.createElement('div');
  heading.className = 'moment-preview-heading';
  const title = document.createElement('h1');
  title.textContent = journal.title;
  const people = document.createElement('div');
  people.className = 'moment-preview-people';
  heading.append(title, people);
  header.append(heading);
  for (const action of journal.role === 'owner' ? ['Share', 'Edit'] : ['Share']) {
    const placeholder = document.createElement('span');
    placeholder.className = 'moment-preview-action';
    placeholder.textContent = action;
    header.append(placeholder);
  }
  const frame = document.createElement('div');
  frame.className = 'moment-preview-frame';
  const photo = document.createElement('img');
  const { srcSet, sizes } = photoSources(image, 'carousel');
  if (srcSet && sizes) {
    photo.srcset = srcSet;
    photo.sizes = sizes;
  }
  photo.src = image.imageUrl;
  photo.alt = carouselPhotoAlt(journal.title, 0, journal.images.length);
  photo.fetchPriority = 'high';
  photo.style.objectPosition = `center ${image.cropPosition}%`;
  frame.append(photo);
  const loading = document.createElement('p');
  loading.className = 'moment-preview-loading';
  loading.textContent = 'Loading...';
  page.append(back, header, frame, loading);
  preview.append(page);
  document.body.append(preview);
  setTimeout(dismissMomentPreview, PREVIEW_MAX_MS);
}
