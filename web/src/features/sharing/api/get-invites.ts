import { queryOptions, useQuery } from '@tanstack/react-query';
import { shouldRetryQuery, type PendingInvite } from '@moments/shared';
import { api } from '../../../lib/api-client';

export const invitesQueryKey = (journalId: string) => ['journals', journalId, 'invites'] as const;

/** GET /api/journals/:id/invites: the moment's pending links, newest first (no tokens). */
export function getInvites(journalId: string, { signal }: { signal?: AbortSignal } = {}) {
  return api.get<PendingInvite[]>(`/api/journals/${encodeURIComponent(journalId)}/invites`, {
    signal,
  });
}

export function getInvitesQueryOptions(journalId: string) {
  return queryOptions({
    queryKey: invitesQueryKey(journalId),
    queryFn: ({ signal }) => getInvites(journalId, { signal }),
    // Expiry is decided by the server when it lists: always ask again when the dialog opens.
    staleTime: 0,
    retry: (failureCount, error) => shouldRetryQuery(failureCount, error),
  });
}

export function useInvites(journalId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getInvitesQueryOptions(journalId), enabled });
}
