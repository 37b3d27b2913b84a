import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { journalsQueryKey } from './get-journals';

/** POST /api/journals/:id/view: resets the caller's new-comments count. */
export function markViewed(journalId: string): Promise<{ success: boolean }> {
  return api.post(`/api/journals/${encodeURIComponent(journalId)}/view`);
}

/** After the comments load, the moment is marked viewed and the list refreshed (SPEC section 4). */
export function useMarkViewed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markViewed,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: journalsQueryKey, exact: true }),
  });
}
