import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Collaborator } from '@moments/shared';
import { api } from '../../../lib/api-client';
import { journalQueryKey } from '../../moments/api/get-journal';
import { journalsQueryKey } from '../../moments/api/get-journals';
import { membersQueryKey } from './get-members';

/** DELETE /api/journals/:id/members/:userId (owner only): the member loses access at once. */
export function removeMember(journalId: string, userId: string): Promise<{ success: boolean }> {
  return api.delete(
    `/api/journals/${encodeURIComponent(journalId)}/members/${encodeURIComponent(userId)}`,
  );
}

export function useRemoveMember(journalId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => removeMember(journalId, userId),
    onSuccess: async (_result, userId) => {
      queryClient.setQueryData<Collaborator[]>(membersQueryKey(journalId), (list) =>
        list?.filter((member) => member.id !== userId),
      );
      // The moment's avatars and the home card's Private/Shared tab depend on the members.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: journalQueryKey(journalId) }),
        queryClient.invalidateQueries({ queryKey: journalsQueryKey, exact: true }),
      ]);
    },
  });
}
