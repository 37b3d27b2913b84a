// A moment's page before the app's code has run. Once the page's first answer from the API is
// here (src/first-calls.ts) and index.html's loading screen still shows, that screen becomes the
// moment's title and first photo, in the carousel's place and size, with the spinner below.
// The photo is the page's largest paint: it shows as soon as it has downloaded, instead of once
// the app's code (a few hundred KB on a phone's first visit) has arrived and rendered. The app's
// first render replaces it (React empties #root) with the page, whose carousel shows the same
// download at the same size. Styles: `.moment-preview` in config/base-styles.ts.
import type { Journal } from '@moments/shared';
import { carouselPhotoAlt, photoSources } from './photo-sources';

/** Draws the preview of `journal` over the loading screen; nothing once the app has rendered. */
export function showMomentPreview(journal: Journal, root = document.getElementById('root')): void {
  const loading = root?.firstElementChild;
  const image = journal.images[0];
  if (!root || root.childElementCount !== 1 || !loading?.classList.contains('boot')) return;
  if (!image?.imageUrl) return;

  const preview = document.createElement('div');
  preview.className = 'moment-preview';
  preview.setAttribute('aria-busy', 'true');
  // Where the page's "Back to my moments" link goes.
  const back = document.createElement('div');
  back.className = 'moment-preview-back';
  const title = document.createElement('h1');
  title.textContent = journal.title;
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
  preview.append(back, title, frame, loading);
  root.append(preview);
}
