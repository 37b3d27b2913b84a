import { queryOptions, useQuery } from '@tanstack/react-query';
import { failedStatus, type AppleSignInConfig } from '@moments/shared';
import { api } from '../../../lib/api-client';

export const appleConfigQueryKey = ['apple-config'] as const;

/** GET /api/auth/apple/config: the client id and Apple's page; null when Apple is not set up. */
export async function getAppleConfig({
  signal,
}: { signal?: AbortSignal } = {}): Promise<AppleSignInConfig | null> {
  try {
    return await api.get<AppleSignInConfig>('/api/auth/apple/config', {
      signal,
      expectedStatuses: [404],
    });
  } catch (error) {
    if (failedStatus(error) === 404) return null;
    throw error;
  }
}

export function useAppleConfig() {
  return useQuery(
    queryOptions({
      queryKey: appleConfigQueryKey,
      queryFn: ({ signal }) => getAppleConfig({ signal }),
      // Set once per deployment.
      staleTime: Infinity,
    }),
  );
}
