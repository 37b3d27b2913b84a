import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  JOURNALS_STALE_MS,
  MOMENTS_QUERY_RETRIES,
  MOMENTS_RETRY_DELAY_MS,
  shouldRetryQuery,
  type Journal,
} from '@moments/shared';
import { api } from '../../../lib/api-client';

export const journalsQueryKey = ['journals'] as const;

/** GET /api/journals: the signed-in user's moments, own and shared. */
export function getJournals({ signal }: { signal?: AbortSignal } = {}): Promise<Journal[]> {
  return api.get<Journal[]>('/api/journals', { signal });
}

export function getJournalsQueryOptions() {
  return queryOptions({
    queryKey: journalsQueryKey,
    queryFn: ({ signal }) => getJournals({ signal }),
    staleTime: JOURNALS_STALE_MS,
    // The moment screens retry once, after 1 s (SPEC section 9).
    retry: (failureCount, error) => shouldRetryQuery(failureCount, error, MOMENTS_QUERY_RETRIES),
    retryDelay: MOMENTS_RETRY_DELAY_MS,
  });
}

/** The list call runs only once a user exists (SPEC section 6). */
export function useJournals({ enabled }: { enabled: boolean }) {
  return useQuery({ ...getJournalsQueryOptions(), enabled });
}

/** Pinned first, then newest first (SPEC section 4, Moment pinning). */
export function sortJournals(journals: readonly Journal[]): Journal[] {
  return [...journals].sort(
    (a, b) => Number(b.isPinned) - Number(a.isPinned) || b.createdAt.localeCompare(a.createdAt),
  );
}

/** Private: 0 or 1 collaborators; Shared: more than 1 (SPEC section 4, Tab membership). */
export function isSharedJournal(journal: Pick<Journal, 'collaborators'>): boolean {
  return journal.collaborators.length > 1;
}
