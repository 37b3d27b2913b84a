import { describe, expect, it } from 'vitest';
import { PHOTO_SIZE_NAMES, isPhotoSize, photoSizeUrl, photoSrcSet, sizesFrom } from './photo-sizes';

const base = '/api/journals/j1/images/i1';

describe('photo sizes', () => {
  it('are listed smallest first; a missing size falls back to the larger ones', () => {
    expect(PHOTO_SIZE_NAMES).toEqual(['tiny', 'small', 'thumb', 'medium', 'display']);
    expect(sizesFrom('small')).toEqual(['small', 'thumb', 'medium', 'display']);
    expect(sizesFrom('display')).toEqual(['display']);
    expect(isPhotoSize('medium')).toBe(true);
    expect(isPhotoSize('toString')).toBe(false);
  });

  it('name the size in the URL and keep the turn', () => {
    expect(photoSizeUrl(`${base}/display`, 'tiny')).toBe(`${base}/tiny`);
    expect(photoSizeUrl(`${base}/thumb?rotation=270`, 'medium')).toBe(
      `${base}/medium?rotation=270`,
    );
  });

  it('make a srcset with each size’s real width, turn applied, without repeats', () => {
    const image = { imageUrl: `${base}/display`, rotation: 0, width: 3000, height: 4000 };
    expect(photoSrcSet(image)).toBe(
      `${base}/tiny 150w, ${base}/small 270w, ${base}/thumb 360w, ${base}/medium 720w, ${base}/display 1200w`,
    );
    expect(photoSrcSet({ ...image, rotation: 90, imageUrl: `${base}/display?rotation=90` })).toBe(
      [
        `${base}/tiny?rotation=90 200w`,
        `${base}/small?rotation=90 360w`,
        `${base}/thumb?rotation=90 480w`,
        `${base}/medium?rotation=90 960w`,
        `${base}/display?rotation=90 1600w`,
      ].join(', '),
    );
    // A small photo is never enlarged: the larger sizes are the same bytes, listed once.
    expect(photoSrcSet({ ...image, width: 400, height: 300 })).toBe(
      `${base}/tiny 200w, ${base}/small 360w, ${base}/thumb 400w`,
    );
    // No recorded size (an older cover copy): the sizes' own edges.
    expect(photoSrcSet({ ...image, width: null, height: null })).toContain(`${base}/medium 960w`);
    expect(photoSrcSet({ ...image, imageUrl: '' })).toBeUndefined();
  });
});
