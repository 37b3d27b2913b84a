import { describe, expect, it } from 'vitest';
import type { JournalImage } from './api-types';
import {
  MAX_PHOTOS_PER_MOMENT,
  imageFromIndexEntry,
  imagesFromPhotoIndex,
  photoIndexEntry,
  photoIndexFields,
  photoUrls,
} from './photo-index';
import { photoRefsIn } from './photo-refs';

const photo = (id: string, seq: number, orderIndex: number, fields: Partial<JournalImage> = {}) =>
  ({
    id,
    seq,
    ...photoUrls('j1', id, fields.rotation ?? 0),
    orderIndex,
    cropPosition: 30,
    rotation: 0,
    width: 2400,
    height: 1800,
    createdAt: '2026-05-01T14:03:22.123Z',
    ...fields,
  }) satisfies JournalImage;

describe('the photo index', () => {
  it('gives back the photos it was made of, in display order', () => {
    const images = [
      photo('b', 2, 0, { rotation: 90, cropPosition: 62.5 }),
      photo('c', 3, 2, { width: null, height: null }),
      photo('a', 1, 1),
    ];
    const fields = photoIndexFields(images);
    expect(fields.photos.map((entry) => entry.split(' ')[0])).toEqual(['b', 'a', 'c']);
    expect(imagesFromPhotoIndex('j1', fields)).toEqual([images[0], images[2], images[1]]);
    expect(imagesFromPhotoIndex('j1', fields)[0]?.imageUrl).toBe(
      '/api/journals/j1/images/b/display?rotation=90',
    );
  });

  it('reads a missing index as no photos and skips entries that are not photos', () => {
    expect(imagesFromPhotoIndex('j1', undefined)).toEqual([]);
    expect(imagesFromPhotoIndex('j1', { photos: 'a 1 0 30 0 1 1 0' })).toEqual([]);
    for (const entry of [42, '', 'a 1 0 30 0 1 1', 'a 1 0 thirty 0 1 1 0', 'a 1 0 30 0 1 1 0 9']) {
      expect(imageFromIndexEntry('j1', entry)).toBeUndefined();
    }
  });

  it('keeps the most photos a moment holds well under the 1 MiB document limit', () => {
    const longest = photoIndexEntry(
      // The longest id a client may choose (clientIdSchema).
      photo('x'.repeat(64), MAX_PHOTOS_PER_MOMENT, MAX_PHOTOS_PER_MOMENT, {
        cropPosition: 62.5,
        rotation: 270,
        width: 12000,
        height: 9000,
      }),
    );
    // Firestore counts a string as its UTF-8 bytes plus one.
    expect((longest.length + 1) * MAX_PHOTOS_PER_MOMENT).toBeLessThan(1000 * 1000);
  });
});

describe('photoRefsIn', () => {
  it('lists each number named as "#photo N" once, whatever the photo count', () => {
    expect(photoRefsIn('#photo 2, #photo 12 and #photo 2; #photo 0 #photo two')).toEqual([2, 12]);
    expect(photoRefsIn('no photos')).toEqual([]);
  });
});
