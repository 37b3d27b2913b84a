// The photo index of a moment (docs/data-model.md, "Photos: one compact index"): every photo's
// place and what the screens show of it, in one document, journals/{id}/photoIndex/all, so a
// moment page reads one document for its photos however many there are. The function writes it
// in the same transaction as each photo's record; clients only read it.

import type { JournalImage } from './api-types';
import { DEFAULT_CROP_POSITION } from './constants';
import { byDisplayOrder } from './journal-docs';

/** The index's path under the journal: `journals/{id}/${PHOTO_INDEX_PATH}`. */
export const PHOTO_INDEX_COLLECTION = 'photoIndex';
export const PHOTO_INDEX_DOC = 'all';

/**
 * The most photos one moment holds: the photo index must fit one document (1 MiB). A photo takes
 * about 56 bytes with the 20-character ids the app makes, at most about 112 with the longest
 * client id (64 characters), so 8,000 take 450 KB, and at worst 900 KB. A further upload is
 * refused with MOMENT_PHOTOS_FULL (409).
 */
export const MAX_PHOTOS_PER_MOMENT = 8_000;
export const MOMENT_PHOTOS_FULL = `This moment already holds ${MAX_PHOTOS_PER_MOMENT.toLocaleString('en-US')} photos`;

/**
 * A photo's URLs: display size and thumbnail, served by the function after a membership check.
 * A turned photo's URLs name its turn, so browsers and the service worker never show a cached
 * copy of another turn.
 */
export function photoUrls(journalId: string, imageId: string, rotation = 0) {
  const base = `/api/journals/${journalId}/images/${imageId}`;
  const query = rotation ? `?rotation=${rotation}` : '';
  return { imageUrl: `${base}/display${query}`, thumbUrl: `${base}/thumb${query}` };
}

/**
 * One photo in the index, as one string: `id seq orderIndex cropPosition rotation width height
 * createdAtMillis`, space-separated (0 for an unknown size). A string per photo, not a map: a
 * map's field names would be sent again for every photo, tripling what a listener downloads.
 */
export function photoIndexEntry(image: JournalImage): string {
  return [
    image.id,
    image.seq,
    image.orderIndex,
    image.cropPosition,
    image.rotation,
    image.width ?? 0,
    image.height ?? 0,
    Date.parse(image.createdAt) || 0,
  ].join(' ');
}

const ROTATIONS = new Set([0, 90, 180, 270]);

/** A photo of the index back as the API's image; undefined for an entry that is not one. */
export function imageFromIndexEntry(journalId: string, entry: unknown): JournalImage | undefined {
  if (typeof entry !== 'string') return undefined;
  const [id, ...fields] = entry.split(' ');
  const numbers = fields.map(Number);
  if (!id || numbers.length !== 7 || !numbers.every(Number.isFinite)) return undefined;
  const [seq, orderIndex, cropPosition, rotation, width, height, createdAt] = numbers as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const turn = ROTATIONS.has(rotation) ? rotation : 0;
  return {
    id,
    seq,
    ...photoUrls(journalId, id, turn),
    orderIndex,
    cropPosition: cropPosition >= 0 && cropPosition <= 100 ? cropPosition : DEFAULT_CROP_POSITION,
    rotation: turn,
    width: width || null,
    height: height || null,
    createdAt: new Date(createdAt).toISOString(),
  };
}

/** The index document's fields for these photos, in display order whatever order they come in. */
export function photoIndexFields(images: readonly JournalImage[]): { photos: string[] } {
  return { photos: [...images].sort(byDisplayOrder).map(photoIndexEntry) };
}

/** A moment's photos in display order from its index document's fields (none: no photos). */
export function imagesFromPhotoIndex(journalId: string, data: unknown): JournalImage[] {
  const photos = (data as { photos?: unknown } | undefined)?.photos;
  if (!Array.isArray(photos)) return [];
  return photos.flatMap((entry) => imageFromIndexEntry(journalId, entry) ?? []);
}
