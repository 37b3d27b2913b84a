import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  COMMENTS_STALE_MS,
  MOMENTS_QUERY_RETRIES,
  MOMENTS_RETRY_DELAY_MS,
  shouldRetryQuery,
  type Comment,
} from '@moments/shared';
import { api } from '../../../lib/api-client';

export const commentsQueryKey = (journalId: string) => ['journals', journalId, 'comments'] as const;

/** GET /api/journals/:id/comments: the timeline entries, oldest first. */
export function getComments(journalId: string, { signal }: { signal?: AbortSignal } = {}) {
  return api.get<Comment[]>(`/api/journals/${encodeURIComponent(journalId)}/comments`, { signal });
}

export function getCommentsQueryOptions(journalId: string) {
  return queryOptions({
    queryKey: commentsQueryKey(journalId),
    queryFn: ({ signal }) => getComments(journalId, { signal }),
    staleTime: COMMENTS_STALE_MS,
    retry: (failureCount, error) => shouldRetryQuery(failureCount, error, MOMENTS_QUERY_RETRIES),
    retryDelay: MOMENTS_RETRY_DELAY_MS,
  });
}

export function useComments(journalId: string) {
  return useQuery(getCommentsQueryOptions(journalId));
}
