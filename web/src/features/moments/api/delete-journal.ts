import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { tracked } from '../../../lib/analytics';
import { setJournalLists } from './get-journals';
import { journalQueryKey } from './get-journal';

/** DELETE /api/journals/:id (owner only). */
export function deleteJournal(id: string): Promise<{ success: boolean }> {
  return tracked(api.delete(`/api/journals/${encodeURIComponent(id)}`), 'moment_deleted', {
    journal_id: id,
  });
}

interface DeleteCallbacks {
  onSuccess?: () => void;
  onError?: (error: Error) => void;
}

/**
 * On success the moment leaves the cached list at once. The
 * callbacks run here rather than as mutate() options: the live list usually drops the card
 * (and its menu) before the deletion answers, and mutate()'s callbacks would not run then.
 */
export function useDeleteJournal({ onSuccess, onError }: DeleteCallbacks = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteJournal,
    onSuccess: (_result, id) => {
      setJournalLists(queryClient, (list) => list?.filter((item) => item.id !== id));
      queryClient.removeQueries({ queryKey: journalQueryKey(id) });
      onSuccess?.();
    },
    onError: (error) => onError?.(error),
  });
}
