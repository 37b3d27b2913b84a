import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { shouldRetryQuery, type AdminPeoplePage, type AdminPerson } from '@moments/shared';
import { api } from '../../../lib/api-client';
import { adminQueryKey } from './keys';

export const peopleQueryKey = [...adminQueryKey, 'people'] as const;
export const personQueryKey = (uid: string) => [...peopleQueryKey, 'one', uid] as const;

/** GET /api/admin/people?q=&cursor=: a search, or the newest accounts a page at a time. */
export function usePeople(q: string) {
  return useInfiniteQuery({
    queryKey: [...peopleQueryKey, 'list', q],
    initialPageParam: '',
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams();
      if (q) params.set('q', q);
      if (pageParam) params.set('cursor', pageParam);
      return api.get<AdminPeoplePage>(`/api/admin/people?${params}`, { signal });
    },
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    retry: (n, error) => shouldRetryQuery(n, error),
  });
}

/** GET /api/admin/people/:uid */
export function usePerson(uid: string) {
  return useQuery({
    queryKey: personQueryKey(uid),
    queryFn: ({ signal }) =>
      api.get<AdminPerson>(`/api/admin/people/${encodeURIComponent(uid)}`, {
        signal,
        expectedStatuses: [404],
      }),
    retry: (n, error) => shouldRetryQuery(n, error),
  });
}
