import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { commentsQueryKey } from './get-comments';
import { journalQueryKey } from './get-journal';
import { journalsQueryKey } from './get-journals';

/** DELETE /api/journals/:id/images/:imageId. */
export function deleteImage(journalId: string, imageId: string): Promise<{ success: boolean }> {
  return api.delete(
    `/api/journals/${encodeURIComponent(journalId)}/images/${encodeURIComponent(imageId)}`,
  );
}

/** The moment, its card (the cover may move on) and its entries (their photoId is cleared). */
export function useDeleteImage(journalId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (imageId: string) => deleteImage(journalId, imageId),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: journalQueryKey(journalId), exact: true }),
        queryClient.invalidateQueries({ queryKey: journalsQueryKey, exact: true }),
        queryClient.invalidateQueries({ queryKey: commentsQueryKey(journalId), exact: true }),
      ]),
  });
}
