import type { JournalImage } from '@moments/shared';
import { api } from '../../../lib/api-client';

/** PUT /api/journals/:id/images/order: the photos in their new display order. */
export function reorderImages(journalId: string, imageIds: string[]): Promise<JournalImage[]> {
  return api.put<JournalImage[]>(`/api/journals/${encodeURIComponent(journalId)}/images/order`, {
    imageIds,
  });
}
