import { QueryClient } from '@tanstack/react-query';
import { QUERY_GC_MS, QUERY_STALE_MS, retryDelay, shouldRetryQuery } from '@moments/shared';

// Caching: fresh for 5 minutes, kept 10, no refetch on focus/mount/reconnect,
// exponential retry delay from 1 s capped at 30 s, and mutations are never retried.
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: QUERY_STALE_MS,
      gcTime: QUERY_GC_MS,
      refetchOnWindowFocus: false,
      refetchOnMount: false,
      refetchOnReconnect: false,
      retry: shouldRetryQuery,
      retryDelay,
    },
    mutations: { retry: false },
  },
});
