import { QueryClient } from '@tanstack/react-query';
import { retryDelay, shouldRetryQuery } from '@moments/shared';

// SPEC section 9 caching: fresh for 5 minutes, kept 10, no refetch on focus/mount/reconnect,
// exponential retry delay from 1 s capped at 30 s, and mutations are never retried.
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 5 * 60 * 1000,
      gcTime: 10 * 60 * 1000,
      refetchOnWindowFocus: false,
      refetchOnMount: false,
      refetchOnReconnect: false,
      retry: shouldRetryQuery,
      retryDelay,
    },
    mutations: { retry: false },
  },
});
