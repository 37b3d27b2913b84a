// The sizes a moment's photo is stored in, made once at upload, and how pages ask for them.
// Each is a longest edge in pixels, chosen from the layouts that show photos times the device
// pixel ratios of phones (1.75 to 3).
import type { JournalImage } from './api-types';

export const PHOTO_SIZES = {
  /** 48 px timeline and arranger thumbnails, cropped to squares, up to 3x. */
  tiny: 200,
  /** Home cards (about 180 px wide on phones) at 1.75x to 2x. */
  small: 360,
  /** Cards on 3x phones and desktop; the viewer's instant placeholder; the invite cover. */
  thumb: 480,
  /** The carousel on phones (about 380 px wide) up to 2.5x. */
  medium: 960,
  /** The fullscreen viewer and large screens; every other size is made from it. */
  display: 1600,
} as const;
export type PhotoSize = keyof typeof PHOTO_SIZES;

/** Every size, smallest first. */
export const PHOTO_SIZE_NAMES = (Object.keys(PHOTO_SIZES) as PhotoSize[]).sort(
  (a, b) => PHOTO_SIZES[a] - PHOTO_SIZES[b],
);

export function isPhotoSize(name: string): name is PhotoSize {
  return Object.hasOwn(PHOTO_SIZES, name);
}

/**
 * `size` and every larger size, smallest first: photos stored before a size existed are served
 * the nearest larger size they have.
 */
export function sizesFrom(size: PhotoSize): PhotoSize[] {
  return PHOTO_SIZE_NAMES.filter((name) => PHOTO_SIZES[name] >= PHOTO_SIZES[size]);
}

/** The URL of a photo in another size, from any of its URLs (the turn's query is kept). */
export function photoSizeUrl(url: string, size: PhotoSize): string {
  return url.replace(/\/[^/?]+(?=\?|$)/, `/${size}`);
}

/** The width of a size for a photo `width`×`height` (upright): never enlarged. */
export function photoSizeWidth(width: number, height: number, size: PhotoSize): number {
  const scale = Math.min(1, PHOTO_SIZES[size] / Math.max(width, height));
  return Math.round(width * scale);
}

/**
 * A `srcset` of every size of the photo, with each size's real width (the stored size with its
 * turn applied). Photos stored without their size (older cover copies) get the sizes' longest
 * edges, as for a landscape photo. Sizes that would only repeat a smaller one are left out.
 */
export function photoSrcSet(
  image: Pick<JournalImage, 'imageUrl' | 'rotation' | 'width' | 'height'>,
): string | undefined {
  if (!image.imageUrl) return undefined;
  const { width, height } = image;
  const turned = image.rotation % 180 !== 0;
  const seen = new Set<number>();
  const candidates: string[] = [];
  for (const size of PHOTO_SIZE_NAMES) {
    const w =
      width && height
        ? photoSizeWidth(turned ? height : width, turned ? width : height, size)
        : PHOTO_SIZES[size];
    if (seen.has(w)) continue;
    seen.add(w);
    candidates.push(`${photoSizeUrl(image.imageUrl, size)} ${w}w`);
  }
  return candidates.join(', ');
}
