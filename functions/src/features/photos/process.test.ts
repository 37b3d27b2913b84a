import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { PHOTO_SIZES, PHOTO_SIZE_NAMES } from '@moments/shared';
import { PhotoRejected, processPhoto, processProfilePicture, rotatePhoto } from './process';

const jpeg = (width: number, height: number, orientation?: number) =>
  sharp({ create: { width, height, channels: 3, background: '#7fb3d5' } })
    .jpeg()
    .withExif({
      IFD0: { Artist: 'someone' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '1/1 2/1 3/1' },
    })
    .withMetadata(orientation ? { orientation } : {})
    .toBuffer();

async function reason(work: Promise<unknown>): Promise<string | undefined> {
  try {
    await work;
    return undefined;
  } catch (err) {
    return err instanceof PhotoRejected ? err.reason : `other: ${String(err)}`;
  }
}

describe('processPhoto', () => {
  it('makes every shared size from one upload, WebP, without metadata', async () => {
    const photo = await processPhoto(await jpeg(3200, 2400));
    expect([photo.width, photo.height]).toEqual([3200, 2400]);
    const made = Object.keys(photo.variants).sort();
    expect(made).toEqual(['display', 'medium', 'small', 'thumb', 'tiny']);
    for (const [variant, edge] of [
      ['tiny', 200],
      ['small', 360],
      ['thumb', 480],
      ['medium', 960],
      ['display', 1600],
    ] as const) {
      expect(PHOTO_SIZES[variant]).toBe(edge);
      const meta = await sharp(photo.variants[variant]).metadata();
      expect([variant, meta.format, meta.width, meta.height, meta.exif, meta.orientation]).toEqual([
        variant,
        'webp',
        edge,
        (edge * 3) / 4,
        undefined,
        undefined,
      ]);
    }
    // Smaller sizes weigh less: the point of having them.
    const bytes = PHOTO_SIZE_NAMES.map((v) => photo.variants[v].length);
    expect(bytes).toEqual([...bytes].sort((a, b) => a - b));
  });

  it('turns every size of a photo, from its display image', async () => {
    const photo = await processPhoto(await jpeg(1600, 1200));
    const turned = await rotatePhoto(photo.variants.display, 90);
    for (const variant of PHOTO_SIZE_NAMES) {
      const meta = await sharp(turned[variant]).metadata();
      const edge = PHOTO_SIZES[variant];
      expect([variant, meta.format, meta.width, meta.height]).toEqual([
        variant,
        'webp',
        (edge * 3) / 4,
        edge,
      ]);
    }
  });

  it('applies the EXIF orientation, so a portrait photo stays upright', async () => {
    const photo = await processPhoto(await jpeg(1200, 900, 6));
    expect([photo.width, photo.height]).toEqual([900, 1200]);
    const meta = await sharp(photo.variants.display).metadata();
    expect([meta.width, meta.height]).toEqual([900, 1200]);
  });

  it('never enlarges a small photo', async () => {
    const photo = await processPhoto(await jpeg(300, 200));
    expect((await sharp(photo.variants.display).metadata()).width).toBe(300);
    expect((await sharp(photo.variants.small).metadata()).width).toBe(300);
    expect((await sharp(photo.variants.tiny).metadata()).width).toBe(200);
  });

  it('refuses bytes that are not an accepted image, whatever they claim to be', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>';
    expect(await reason(processPhoto(Buffer.from('hello')))).toBe('unsupported');
    expect(await reason(processPhoto(Buffer.from(svg)))).toBe('unsupported');
    const truncated = (await jpeg(800, 600)).subarray(0, 400);
    expect(await reason(processPhoto(truncated))).toBe('unsupported');
  });

  it('refuses more than 50 million pixels before decoding them', async () => {
    const bomb = await sharp({
      create: { width: 10_000, height: 5_001, channels: 3, background: '#000' },
    })
      .png()
      .toBuffer();
    expect(await reason(processPhoto(bomb))).toBe('too-large');
    expect(await reason(processProfilePicture(bomb))).toBe('too-large');
  });
});

describe('processProfilePicture', () => {
  it('makes a 512 px square WebP without metadata', async () => {
    const meta = await sharp(await processProfilePicture(await jpeg(1600, 1200))).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual([
      'webp',
      512,
      512,
      undefined,
    ]);
  });
});
