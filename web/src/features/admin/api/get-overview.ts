import { useQuery } from '@tanstack/react-query';
import {
  shouldRetryQuery,
  type AdminOverview,
  type AdminTrends,
  type WebVitalsSummary,
} from '@moments/shared';
import { api } from '../../../lib/api-client';
import { adminQueryKey } from './keys';

/** GET /api/admin/overview: totals from aggregations. */
export function useOverview() {
  return useQuery({
    queryKey: [...adminQueryKey, 'overview'],
    queryFn: ({ signal }) => api.get<AdminOverview>('/api/admin/overview', { signal }),
    retry: (n, error) => shouldRetryQuery(n, error),
  });
}

/** GET /api/admin/trends: the last 30 days, one row per day. */
export function useTrends() {
  return useQuery({
    queryKey: [...adminQueryKey, 'trends'],
    queryFn: ({ signal }) => api.get<AdminTrends>('/api/admin/trends', { signal }),
    retry: (n, error) => shouldRetryQuery(n, error),
  });
}

/** GET /api/admin/web-vitals: each page's p75 Web Vitals over 7 and 28 days. */
export function useWebVitals() {
  return useQuery({
    queryKey: [...adminQueryKey, 'web-vitals'],
    queryFn: ({ signal }) => api.get<WebVitalsSummary>('/api/admin/web-vitals', { signal }),
    retry: (n, error) => shouldRetryQuery(n, error),
  });
}
