import sharp from 'sharp';

/** Longest edge of each stored variant, in pixels. */
export const VARIANTS = { thumb: 480, display: 1600 } as const;
export type Variant = keyof typeof VARIANTS;

/** Uploads larger than this are refused before decoding. */
export const MAX_UPLOAD_BYTES = 15 * 1024 * 1024;
/** Decoding stops above this many pixels (a decompression-bomb guard). */
export const MAX_INPUT_PIXELS = 50_000_000;

export interface ProcessedPhoto {
  width: number;
  height: number;
  variants: Record<Variant, Buffer>;
}

/**
 * Decodes whatever image the bytes really are (never trusting a name or declared type),
 * applies its EXIF orientation, and re-encodes each variant as WebP. Re-encoding drops all
 * metadata, GPS position included. Throws on bytes that are not a supported image.
 */
export async function processPhoto(bytes: Buffer): Promise<ProcessedPhoto> {
  const source = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
  const meta = await source.metadata();
  if (!meta.format || !['jpeg', 'png', 'webp', 'heif', 'avif', 'gif', 'tiff'].includes(meta.format)) {
    throw new Error('Unsupported image format');
  }
  const entries = await Promise.all(
    (Object.keys(VARIANTS) as Variant[]).map(async (variant) => {
      const size = VARIANTS[variant];
      const out = await source
        .clone()
        .resize(size, size, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: variant === 'thumb' ? 70 : 80 })
        .toBuffer();
      return [variant, out] as const;
    }),
  );
  const upright = (meta.orientation ?? 1) >= 5;
  return {
    width: (upright ? meta.height : meta.width) ?? 0,
    height: (upright ? meta.width : meta.height) ?? 0,
    variants: Object.fromEntries(entries) as Record<Variant, Buffer>,
  };
}
