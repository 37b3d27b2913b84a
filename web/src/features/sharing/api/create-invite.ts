import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createInviteSchema, type CreateInviteInput, type InviteLink } from '@moments/shared';
import { api } from '../../../lib/api-client';
import { tracked } from '../../../lib/analytics';
import { invitesQueryKey } from './get-invites';

/** POST /api/journals/:id/invites: a new link, optionally for one phone number (E.164). */
export function createInvite(journalId: string, input: CreateInviteInput): Promise<InviteLink> {
  const body = createInviteSchema.parse(input);
  return tracked(
    api.post<InviteLink>(`/api/journals/${encodeURIComponent(journalId)}/invites`, body),
    'moment_shared',
    { journal_id: journalId, targeted: Boolean(body.targetPhoneNumber) },
  );
}

export function useCreateInvite(journalId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateInviteInput) => createInvite(journalId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: invitesQueryKey(journalId) }),
  });
}
