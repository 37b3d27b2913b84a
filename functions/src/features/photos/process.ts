import sharp, { type Metadata, type OutputInfo, type Sharp } from 'sharp';

/** Longest edge of each stored variant, in pixels. */
export const VARIANTS = { thumb: 480, display: 1600 } as const;
export type Variant = keyof typeof VARIANTS;
export const VARIANT_NAMES = Object.keys(VARIANTS) as Variant[];

/** Uploads larger than this are refused before decoding. */
export const MAX_UPLOAD_BYTES = 15 * 1024 * 1024;
/** Decoding stops above this many pixels (a decompression-bomb guard). */
export const MAX_INPUT_PIXELS = 50_000_000;
/** Edge of the square profile picture, in pixels. */
export const PROFILE_PICTURE_PX = 512;

/** Formats accepted as input, as sharp detects them from the bytes themselves. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'heif', 'avif', 'gif', 'tiff']);

// Each upload is decoded once; sharp's operation cache only grows memory in a function.
sharp.cache(false);

/** Why an upload was refused: `unsupported` bytes, or `too-large` in pixels. */
export class PhotoRejected extends Error {
  constructor(readonly reason: 'unsupported' | 'too-large') {
    super(reason === 'unsupported' ? 'Unsupported image' : 'Image has too many pixels');
  }
}

export interface ProcessedPhoto {
  width: number;
  height: number;
  variants: Record<Variant, Buffer>;
}

/**
 * Reads the header of whatever image the bytes really are (never a name or declared type) and
 * refuses anything that is not an accepted format or that has more than MAX_INPUT_PIXELS.
 * Returns the upright size (EXIF orientation applied).
 */
async function inspect(bytes: Buffer): Promise<{ width: number; height: number }> {
  let meta: Metadata;
  try {
    meta = await sharp(bytes).metadata();
  } catch {
    throw new PhotoRejected('unsupported');
  }
  if (!meta.format || !ACCEPTED_FORMATS.has(meta.format) || !meta.width || !meta.height) {
    throw new PhotoRejected('unsupported');
  }
  if (meta.width * meta.height > MAX_INPUT_PIXELS) throw new PhotoRejected('too-large');
  const upright = (meta.orientation ?? 1) >= 5;
  return upright
    ? { width: meta.height, height: meta.width }
    : { width: meta.width, height: meta.height };
}

/** Decodes once (first frame only), applying EXIF orientation; decode errors are rejections. */
function decoder(bytes: Buffer) {
  return sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
}

/** A decoding failure, as the caller should hear it. */
function rejection(err: unknown): PhotoRejected {
  return new PhotoRejected(
    err instanceof Error && /pixel limit/i.test(err.message) ? 'too-large' : 'unsupported',
  );
}

async function encode(pipeline: Sharp): Promise<Buffer> {
  try {
    return await pipeline.toBuffer();
  } catch (err) {
    throw rejection(err);
  }
}

/**
 * A moment's photo: decoded and resized to the display size (1600 px) once, then both
 * variants are encoded from those pixels, so a large photo is decoded only once. Both are
 * WebP; re-encoding drops all metadata, GPS position included.
 */
export async function processPhoto(bytes: Buffer): Promise<ProcessedPhoto> {
  const { width, height } = await inspect(bytes);
  let pixels: { data: Buffer; info: OutputInfo };
  try {
    pixels = await decoder(bytes)
      .resize(VARIANTS.display, VARIANTS.display, { fit: 'inside', withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (err) {
    throw rejection(err);
  }
  const raw = {
    raw: {
      width: pixels.info.width,
      height: pixels.info.height,
      channels: pixels.info.channels as 1 | 2 | 3 | 4,
    },
  };
  const [display, thumb] = await Promise.all([
    sharp(pixels.data, raw).webp({ quality: 80 }).toBuffer(),
    sharp(pixels.data, raw)
      .resize(VARIANTS.thumb, VARIANTS.thumb, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 70 })
      .toBuffer(),
  ]);
  return { width, height, variants: { thumb, display } };
}

/** A profile picture: a 512 px square (centre crop) WebP, without metadata. */
export async function processProfilePicture(bytes: Buffer): Promise<Buffer> {
  await inspect(bytes);
  return encode(
    decoder(bytes)
      .resize(PROFILE_PICTURE_PX, PROFILE_PICTURE_PX, { fit: 'cover', withoutEnlargement: true })
      .webp({ quality: 80 }),
  );
}

/**
 * A photo turned `degrees` clockwise, both variants made from the stored display image as
 * uploaded (never from an earlier turn, so turning back and forth loses nothing).
 */
export async function rotatePhoto(
  display: Buffer,
  degrees: number,
): Promise<Record<Variant, Buffer>> {
  const turned = await sharp(display).rotate(degrees).raw().toBuffer({ resolveWithObject: true });
  const raw = {
    raw: {
      width: turned.info.width,
      height: turned.info.height,
      channels: turned.info.channels as 1 | 2 | 3 | 4,
    },
  };
  const [rotatedDisplay, thumb] = await Promise.all([
    sharp(turned.data, raw).webp({ quality: 80 }).toBuffer(),
    sharp(turned.data, raw)
      .resize(VARIANTS.thumb, VARIANTS.thumb, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 70 })
      .toBuffer(),
  ]);
  return { display: rotatedDisplay, thumb };
}
