import { useMutation, useQueryClient } from '@tanstack/react-query';
import { acceptInviteSchema, type AcceptInviteResponse } from '@moments/shared';
import { api } from '../../../lib/api-client';
import { track } from '../../../lib/analytics';
import { journalsQueryKey } from '../../moments/api/get-journals';
import { ACCEPT_INVITE_POLICY, acceptWithRetry, type RetryPolicy } from '../utils/accept-retry';
import {
  afterAccept,
  wasAccepted,
  type AfterAccept,
  type InviteLanding,
} from '../utils/invite-outcome';

/**
 * POST /api/journals/:id/accept-invite. Refusals (someone else's link, revoked, expired) are
 * answers with success false and a message; without a token the server looks for a link made
 * for the caller's phone number.
 */
export function acceptInvite(journalId: string, inviteToken?: string | null) {
  return api.post<AcceptInviteResponse>(
    `/api/journals/${encodeURIComponent(journalId)}/accept-invite`,
    acceptInviteSchema.parse(inviteToken ? { inviteToken } : {}),
  );
}

/** Whether the moment opens for the caller (GET /api/journals/:id answers). */
export async function canOpenJournal(journalId: string): Promise<boolean> {
  try {
    await api.get(`/api/journals/${encodeURIComponent(journalId)}`);
    return true;
  } catch {
    return false;
  }
}

export interface JoinInput {
  journalId: string;
  token: string | null;
  landing?: InviteLanding;
}

/** accept-invite with the spec's retries, then where to go. Never throws. */
export async function joinInvite(
  { journalId, token, landing }: JoinInput,
  policy: RetryPolicy = ACCEPT_INVITE_POLICY,
): Promise<AfterAccept> {
  const result = await acceptWithRetry(() => acceptInvite(journalId, token), policy);
  if (result.kind === 'answer' && result.response.success) {
    track('invite_accepted', {
      journal_id: journalId,
      already_member: result.response.alreadyHadAccess,
    });
  }
  const fetchable = wasAccepted(result) || (await canOpenJournal(journalId));
  return afterAccept(result, journalId, fetchable, landing);
}

/** joinInvite, then the journal list is refreshed so the moment shows in Shared. */
export function useJoinInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: JoinInput) => joinInvite(input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: journalsQueryKey }),
  });
}
