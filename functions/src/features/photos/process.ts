import { PHOTO_SIZES, PHOTO_SIZE_NAMES, captureDateToExif, type PhotoSize } from '@moments/shared';
import sharp, { type Metadata, type OutputInfo, type Sharp } from 'sharp';

/** The stored variants of a photo: one per shared photo size (longest edge, in pixels). */
export type Variant = PhotoSize;
export const VARIANT_NAMES = PHOTO_SIZE_NAMES;

/**
 * WebP quality per size: the display size, which the viewer zooms into, keeps the most detail;
 * the carousel's size a little less; small sizes hide artefacts.
 */
const QUALITY: Record<Variant, number> = {
  tiny: 70,
  small: 70,
  thumb: 70,
  medium: 75,
  display: 80,
};
const quality = (variant: Variant) => QUALITY[variant];

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
  /** The full-quality copy (FULL_COPY_QUALITY JPEG at the upload's size), for exports only. */
  full: Buffer;
  /** The camera's wall-clock time written into `full` (EXIF DateTimeOriginal), if known. */
  capturedAt: string | null;
}

/**
 * JPEG quality of the full-quality copy: high enough that a second generation (the upload was
 * already a JPEG) shows no new artefacts at 100%, and about twice the bytes of every WebP
 * variant together (docs/data-model.md, "Full-quality copies").
 */
export const FULL_COPY_QUALITY = 90;

/**
 * `pipeline` as a JPEG whose only metadata is the capture date: sharp drops the input's EXIF
 * (GPS position, camera make and model, owner) unless told to keep it, and withExif writes only
 * what it is given. IFD2 is the Exif IFD, where DateTimeOriginal lives.
 */
export function jpegWithCaptureDate(pipeline: Sharp, capturedAt: string | null): Sharp {
  const jpeg = pipeline.jpeg({ quality: FULL_COPY_QUALITY });
  return capturedAt
    ? jpeg.withExif({ IFD2: { DateTimeOriginal: captureDateToExif(capturedAt) } })
    : jpeg;
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

/** Raw pixels as sharp reads them back. */
type Pixels = { data: Buffer; info: OutputInfo };

/**
 * Every variant, WebP, encoded from pixels already at the display size (one decode for all);
 * re-encoding drops all metadata, GPS position included.
 */
async function variantsOf(pixels: Pixels): Promise<Record<Variant, Buffer>> {
  const raw = {
    raw: {
      width: pixels.info.width,
      height: pixels.info.height,
      channels: pixels.info.channels as 1 | 2 | 3 | 4,
    },
  };
  const encoded = await Promise.all(
    VARIANT_NAMES.map((variant) => {
      const edge = PHOTO_SIZES[variant];
      const image = sharp(pixels.data, raw);
      const sized =
        edge >= PHOTO_SIZES.display
          ? image
          : image.resize(edge, edge, { fit: 'inside', withoutEnlargement: true });
      return sized.webp({ quality: quality(variant) }).toBuffer();
    }),
  );
  return Object.fromEntries(VARIANT_NAMES.map((v, i) => [v, encoded[i]!])) as Record<
    Variant,
    Buffer
  >;
}

/**
 * A moment's photo: decoded and resized to the display size (1600 px) once, then every
 * variant is encoded from those pixels; then the full-quality copy, upright, at the upload's
 * size, with `capturedAt` (checked by the caller) as its only metadata. The two decodes run one
 * after the other, so a large upload's full-size pixels and the variants are not held at once.
 */
export async function processPhoto(
  bytes: Buffer,
  capturedAt: string | null = null,
): Promise<ProcessedPhoto> {
  const { width, height } = await inspect(bytes);
  let pixels: Pixels;
  try {
    pixels = await decoder(bytes)
      .resize(PHOTO_SIZES.display, PHOTO_SIZES.display, {
        fit: 'inside',
        withoutEnlargement: true,
      })
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (err) {
    throw rejection(err);
  }
  const variants = await variantsOf(pixels);
  const full = await encode(jpegWithCaptureDate(decoder(bytes), capturedAt));
  return { width, height, variants, full, capturedAt };
}

/**
 * The file an export gets for a photo: the full-quality copy as stored when the photo is not
 * turned; else the copy (or, for a photo from before copies were kept, the display variant)
 * turned and encoded as a JPEG with the capture date.
 */
export async function exportJpeg(
  stored: { bytes: Buffer; isFullCopy: boolean },
  rotation: number,
  capturedAt: string | null,
): Promise<Buffer> {
  if (stored.isFullCopy && !rotation) return stored.bytes;
  return jpegWithCaptureDate(sharp(stored.bytes).rotate(rotation), capturedAt).toBuffer();
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
 * A photo turned `degrees` clockwise, every variant made from the stored display image as
 * uploaded (never from an earlier turn, so turning back and forth loses nothing).
 */
export async function rotatePhoto(
  display: Buffer,
  degrees: number,
): Promise<Record<Variant, Buffer>> {
  return variantsOf(
    await sharp(display).rotate(degrees).raw().toBuffer({ resolveWithObject: true }),
  );
}
