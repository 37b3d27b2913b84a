import type { JournalImage } from '@moments/shared';
import { api } from '../../../lib/api-client';
import { tracked } from '../../../lib/analytics';

/**
 * POST /api/journals/:id/images (multipart field `image`, optional `cropPosition` and
 * `capturedAt`, the capture date read before compression).
 */
export function uploadImage(
  journalId: string,
  file: Blob,
  options: { cropPosition?: number; filename?: string; capturedAt?: string } = {},
): Promise<JournalImage> {
  const form = new FormData();
  if (options.cropPosition !== undefined) form.append('cropPosition', String(options.cropPosition));
  if (options.capturedAt) form.append('capturedAt', options.capturedAt);
  form.append('image', file, options.filename ?? (file instanceof File ? file.name : 'photo.jpg'));
  return tracked(
    api.postForm<JournalImage>(`/api/journals/${encodeURIComponent(journalId)}/images`, form),
    'photo_added',
    { journal_id: journalId },
  );
}
