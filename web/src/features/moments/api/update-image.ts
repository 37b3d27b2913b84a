import type { JournalImage } from '@moments/shared';
import { api } from '../../../lib/api-client';

/** PATCH /api/journals/:id/images/:imageId: a photo's vertical crop, in percent from the top. */
export function setImageCrop(
  journalId: string,
  imageId: string,
  cropPosition: number,
): Promise<JournalImage> {
  return api.patch<JournalImage>(
    `/api/journals/${encodeURIComponent(journalId)}/images/${encodeURIComponent(imageId)}`,
    { cropPosition },
  );
}
