import { queryOptions, useQuery } from '@tanstack/react-query';
import { shouldRetryQuery, type Collaborator } from '@moments/shared';
import { api } from '../../../lib/api-client';

export const membersQueryKey = (journalId: string) => ['journals', journalId, 'members'] as const;

/** GET /api/journals/:id/members: everyone in the moment with their role, owner first. */
export function getMembers(journalId: string, { signal }: { signal?: AbortSignal } = {}) {
  return api.get<Collaborator[]>(`/api/journals/${encodeURIComponent(journalId)}/members`, {
    signal,
  });
}

export function getMembersQueryOptions(journalId: string) {
  return queryOptions({
    queryKey: membersQueryKey(journalId),
    queryFn: ({ signal }) => getMembers(journalId, { signal }),
    staleTime: 0,
    retry: (failureCount, error) => shouldRetryQuery(failureCount, error),
  });
}

export function useMembers(journalId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getMembersQueryOptions(journalId), enabled });
}
