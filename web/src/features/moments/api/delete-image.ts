import { api } from '../../../lib/api-client';

/** DELETE /api/journals/:id/images/:imageId. */
export function deleteImage(journalId: string, imageId: string): Promise<{ success: boolean }> {
  return api.delete(
    `/api/journals/${encodeURIComponent(journalId)}/images/${encodeURIComponent(imageId)}`,
  );
}
