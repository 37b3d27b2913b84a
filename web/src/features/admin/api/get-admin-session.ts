import { useQuery } from '@tanstack/react-query';
import type { AdminSessionInfo } from '@moments/shared';
import { api } from '../../../lib/api-client';
import { adminQueryKey } from './keys';

/** GET /api/admin/session: 401/403 when this browser has no admin session (SMS sign-in, idle). */
export function useAdminSession({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    enabled,
    queryKey: [...adminQueryKey, 'session'],
    queryFn: ({ signal }) =>
      api.get<AdminSessionInfo>('/api/admin/session', { signal, expectedStatuses: [401, 403] }),
    retry: false,
    staleTime: 60_000,
  });
}
