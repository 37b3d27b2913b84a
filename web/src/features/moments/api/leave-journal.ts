import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { journalQueryKey } from './get-journal';
import { setJournalLists } from './get-journals';

/** POST /api/journals/:id/leave: a contributor stops being a member (the owner cannot). */
export function leaveJournal(journalId: string): Promise<{ success: boolean }> {
  return api.post(`/api/journals/${encodeURIComponent(journalId)}/leave`);
}

interface LeaveCallbacks {
  onSuccess?: () => void;
  onError?: (error: Error) => void;
}

/**
 * On success the moment leaves the cached list at once, as a deleted one does. Callbacks run
 * here, not as mutate() options, for the reason given in useDeleteJournal.
 */
export function useLeaveJournal({ onSuccess, onError }: LeaveCallbacks = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: leaveJournal,
    onSuccess: (_result, journalId) => {
      setJournalLists(queryClient, (list) => list?.filter((item) => item.id !== journalId));
      queryClient.removeQueries({ queryKey: journalQueryKey(journalId) });
      onSuccess?.();
    },
    onError: (error) => onError?.(error),
  });
}
