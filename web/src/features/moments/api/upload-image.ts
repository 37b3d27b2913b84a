import type { JournalImage } from '@moments/shared';
import { api } from '../../../lib/api-client';

/** Longest side and starting quality of a photo compressed before upload. */
export const UPLOAD_MAX_SIDE_PX = 2400;
export const UPLOAD_INITIAL_QUALITY = 0.85;

/** Shrinks a photo in the browser; the library loads only when a photo is added. */
export async function compressPhoto(file: File): Promise<File> {
  const { default: imageCompression } = await import('browser-image-compression');
  return imageCompression(file, {
    maxWidthOrHeight: UPLOAD_MAX_SIDE_PX,
    initialQuality: UPLOAD_INITIAL_QUALITY,
    useWebWorker: true,
  });
}

/** POST /api/journals/:id/images (multipart field `image`, optional `cropPosition`). */
export function uploadImage(
  journalId: string,
  file: Blob,
  options: { cropPosition?: number; filename?: string } = {},
): Promise<JournalImage> {
  const form = new FormData();
  if (options.cropPosition !== undefined) form.append('cropPosition', String(options.cropPosition));
  form.append('image', file, options.filename ?? (file instanceof File ? file.name : 'photo.jpg'));
  return api.postForm<JournalImage>(`/api/journals/${encodeURIComponent(journalId)}/images`, form);
}
