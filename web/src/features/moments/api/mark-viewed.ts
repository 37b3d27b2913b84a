import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useUser } from '../../auth/api/get-user';
import { isNetworkFailure } from '../../auth/utils/last-user';
import { enqueue } from '../../offline/api/outbox-sync';
import { journalsQueryKey } from './get-journals';

/** POST /api/journals/:id/view: resets the caller's new-comments count. */
export function markViewed(journalId: string): Promise<{ success: boolean }> {
  return api.post(`/api/journals/${encodeURIComponent(journalId)}/view`);
}

/**
 * After the comments load, the moment is marked viewed and the list refreshed.
 * Without a network the mark waits in the outbox.
 */
export function useMarkViewed() {
  const queryClient = useQueryClient();
  const uid = useUser().data?.id;
  return useMutation({
    mutationFn: async (journalId: string) => {
      const queue = () => uid && enqueue(uid, journalId, { kind: 'view' });
      if (!navigator.onLine) return void (await queue());
      try {
        await markViewed(journalId);
      } catch (error) {
        if (!isNetworkFailure(error)) throw error;
        await queue();
      }
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: journalsQueryKey, exact: true }),
  });
}
