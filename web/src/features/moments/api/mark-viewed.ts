import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
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
 *
 * A plain callback, not a mutation hook: nothing shows the mark's progress, and each change of
 * a mutation's state would render the whole moment page again, at once and in one piece.
 */
export function useMarkViewed(): (journalId: string) => void {
  const queryClient = useQueryClient();
  const uid = useUser().data?.id;
  return useCallback(
    (journalId: string) => {
      const queue = async () => {
        if (uid) await enqueue(uid, journalId, { kind: 'view' });
      };
      const mark = async () => {
        if (!navigator.onLine) return queue();
        try {
          await markViewed(journalId);
        } catch (error) {
          if (!isNetworkFailure(error)) throw error;
          await queue();
        }
      };
      mark()
        .then(() => queryClient.invalidateQueries({ queryKey: journalsQueryKey, exact: true }))
        .catch((error: unknown) => console.warn('The moment could not be marked viewed:', error));
    },
    [queryClient, uid],
  );
}
