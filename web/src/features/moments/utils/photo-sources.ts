// The `srcset` and `sizes` of a moment's photo in each layout that shows one, so the browser
// fetches the stored size that fits the layout and the screen's pixel density.
import { PHOTO_REF_THUMBNAIL_PX, photoSrcSet, type JournalImage } from '@moments/shared';

/**
 * The CSS width each layout shows a photo at. Pages sit in a 900 px container with 16 px of
 * padding under 600 px and 24 px above; cards are two columns 12 px apart.
 */
export const PHOTO_LAYOUT_WIDTHS = {
  card: '(min-width: 900px) 420px, (min-width: 600px) calc(50vw - 30px), calc(50vw - 22px)',
  carousel: '(min-width: 900px) 852px, (min-width: 600px) calc(100vw - 48px), calc(100vw - 32px)',
  timelineThumb: `${PHOTO_REF_THUMBNAIL_PX}px`,
  arrangerRow: '72px',
  removalPreview: '96px',
} as const;
export type PhotoLayout = keyof typeof PHOTO_LAYOUT_WIDTHS;

/** `srcSet` and `sizes` props of an <img> showing `image` in `layout`. */
export function photoSources(
  image: Pick<JournalImage, 'imageUrl' | 'rotation' | 'width' | 'height'>,
  layout: PhotoLayout,
): { srcSet?: string; sizes?: string } {
  const srcSet = photoSrcSet(image);
  return srcSet ? { srcSet, sizes: PHOTO_LAYOUT_WIDTHS[layout] } : {};
}

/** A carousel photo's text alternative: "{title}, photo {n} of {count}". */
export function carouselPhotoAlt(title: string, index: number, count: number): string {
  return `${title}, photo ${index + 1} of ${count}`;
}
