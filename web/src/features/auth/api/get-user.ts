import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  AUTH_PAGE_USER_POLL_MS,
  AUTH_PAGE_USER_STALE_MS,
  QUERY_STALE_MS,
  failedStatus,
  type CurrentUser,
} from '@moments/shared';
import { api } from '../../../lib/api-client';
import { forgetUser, isNetworkFailure, lastKnownUser, rememberUser } from '../utils/last-user';

export const userQueryKey = ['user'] as const;

let servedOffline = false;

/** True when the user in the cache came from the device, not the server (see getUser). */
export function isUserFromDevice(): boolean {
  return servedOffline;
}

/**
 * GET /api/user. A 401 means "nobody is signed in": null, not an error.
 * Without a network the last known person is answered instead, so the app opens offline;
 * the Authentication Error card is left for real failures of an online request.
 */
export async function getUser({
  signal,
}: { signal?: AbortSignal } = {}): Promise<CurrentUser | null> {
  try {
    const user = await api.get<CurrentUser>('/api/user', { signal, expectedStatuses: [401] });
    servedOffline = false;
    rememberUser(user);
    return user;
  } catch (error) {
    if (failedStatus(error) === 401) {
      servedOffline = false;
      forgetUser();
      return null;
    }
    const known = !signal?.aborted && isNetworkFailure(error) ? lastKnownUser() : null;
    if (known) {
      servedOffline = true;
      return known;
    }
    throw error;
  }
}

export function getUserQueryOptions() {
  return queryOptions({
    queryKey: userQueryKey,
    queryFn: ({ signal }) => getUser({ signal }),
    staleTime: QUERY_STALE_MS,
    // A failed session load is not retried just because another screen mounted: the
    // protected route's error card offers Try Again instead (and the router would loop).
    retryOnMount: false,
  });
}

interface UseUserOptions {
  /** On the auth page the user is polled every second and stale after 2 s. */
  poll?: boolean;
}

export function useUser({ poll = false }: UseUserOptions = {}) {
  return useQuery({
    ...getUserQueryOptions(),
    ...(poll
      ? { refetchInterval: AUTH_PAGE_USER_POLL_MS, staleTime: AUTH_PAGE_USER_STALE_MS }
      : {}),
  });
}
