import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  JOURNALS_STALE_MS,
  MOMENTS_QUERY_RETRIES,
  MOMENTS_RETRY_DELAY_MS,
  shouldRetryQuery,
  type Journal,
} from '@moments/shared';
import { api } from '../../../lib/api-client';

export const journalQueryKey = (id: string) => ['journals', id] as const;

/** GET /api/journals/:id: one moment with all its photos in display order. */
export function getJournal(id: string, { signal }: { signal?: AbortSignal } = {}) {
  return api.get<Journal>(`/api/journals/${encodeURIComponent(id)}`, { signal });
}

export function getJournalQueryOptions(id: string) {
  return queryOptions({
    queryKey: journalQueryKey(id),
    queryFn: ({ signal }) => getJournal(id, { signal }),
    staleTime: JOURNALS_STALE_MS,
    retry: (failureCount, error) => shouldRetryQuery(failureCount, error, MOMENTS_QUERY_RETRIES),
    retryDelay: MOMENTS_RETRY_DELAY_MS,
  });
}

export function useJournal(id: string) {
  return useQuery(getJournalQueryOptions(id));
}
