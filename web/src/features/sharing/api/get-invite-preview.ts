import { queryOptions, useQuery } from '@tanstack/react-query';
import { HttpError, INVITE_MESSAGES, type InvitePreview } from '@moments/shared';
import { api } from '../../../lib/api-client';
import { tracked } from '../../../lib/analytics';

export const invitePreviewQueryKey = (token: string) => ['invite-preview', token] as const;

/**
 * POST /api/invites/preview (public): the moment's title, the inviter, the cover at most. The
 * token goes in the body so that it stays out of request logs.
 */
export function getInvitePreview(token: string, { signal }: { signal?: AbortSignal } = {}) {
  return tracked(
    api.post<InvitePreview>(
      '/api/invites/preview',
      { token },
      { signal, expectedStatuses: [404, 410] },
    ),
    'invite_viewed',
    (preview) => ({ journal_id: preview.journalId, targeted: preview.targeted }),
  );
}

export function getInvitePreviewQueryOptions(token: string) {
  return queryOptions({
    queryKey: invitePreviewQueryKey(token),
    queryFn: ({ signal }) => getInvitePreview(token, { signal }),
    // 404 and 410 are answers (unknown, or revoked/expired/used), not hiccups.
    retry: (failureCount, error) =>
      !(error instanceof HttpError && error.status < 500) && failureCount < 1,
    staleTime: 0,
  });
}

export function useInvitePreview(token: string | null) {
  return useQuery({ ...getInvitePreviewQueryOptions(token ?? ''), enabled: Boolean(token) });
}

/** Why a link cannot be used, in the contract's words: the server's, else by status. */
export function inviteRefusalMessage(error: unknown): string {
  if (error instanceof HttpError) {
    if (error.serverMessage && error.status < 500) return error.serverMessage;
    if (error.status === 404) return INVITE_MESSAGES.notFound;
    if (error.status === 410) return INVITE_MESSAGES.expired;
  }
  return 'We could not load this invite. Check your connection and try again.';
}
