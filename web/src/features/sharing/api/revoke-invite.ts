import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PendingInvite } from '@moments/shared';
import { api } from '../../../lib/api-client';
import { invitesQueryKey } from './get-invites';

/** DELETE /api/journals/:id/invites/:inviteId: the owner any link, a contributor their own. */
export function revokeInvite(journalId: string, inviteId: string): Promise<{ success: boolean }> {
  return api.delete(
    `/api/journals/${encodeURIComponent(journalId)}/invites/${encodeURIComponent(inviteId)}`,
  );
}

export function useRevokeInvite(journalId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (inviteId: string) => revokeInvite(journalId, inviteId),
    onSuccess: (_result, inviteId) => {
      queryClient.setQueryData<PendingInvite[]>(invitesQueryKey(journalId), (list) =>
        list?.filter((invite) => invite.id !== inviteId),
      );
      return queryClient.invalidateQueries({ queryKey: invitesQueryKey(journalId) });
    },
  });
}
