import { useInfiniteQuery } from '@tanstack/react-query';
import { shouldRetryQuery, type AdminAction, type AuditPage } from '@moments/shared';
import { api } from '../../../lib/api-client';
import { adminQueryKey } from './keys';

export interface AuditFilters {
  action?: AdminAction;
  targetId?: string;
  actorId?: string;
}

/** GET /api/admin/audit: newest first, filtered. */
export function useAudit(filters: AuditFilters) {
  return useInfiniteQuery({
    queryKey: [...adminQueryKey, 'audit', filters],
    initialPageParam: '',
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams();
      for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
      if (pageParam) params.set('cursor', pageParam);
      return api.get<AuditPage>(`/api/admin/audit?${params}`, { signal });
    },
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    retry: (n, error) => shouldRetryQuery(n, error),
  });
}
