// The last signed-in person, kept on the device so the app opens as them without a network.
// A network failure is not a session failure; a 401 (or logout) forgets them.
import type { CurrentUser } from '@moments/shared';

export const LAST_USER_KEY = 'moments.lastUser';

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // storage disabled (some private modes)
  }
}

export function rememberUser(user: CurrentUser): void {
  try {
    storage()?.setItem(LAST_USER_KEY, JSON.stringify(user));
  } catch {
    // storage full: the app then needs the network to open, as before
  }
}

export function lastKnownUser(): CurrentUser | null {
  try {
    const raw = storage()?.getItem(LAST_USER_KEY);
    const user = raw ? (JSON.parse(raw) as Partial<CurrentUser>) : null;
    return user && typeof user.id === 'string' ? (user as CurrentUser) : null;
  } catch {
    return null;
  }
}

export function forgetUser(): void {
  storage()?.removeItem(LAST_USER_KEY);
}

/** A request that never reached the server (offline, DNS, connection refused, ...). */
export function isNetworkFailure(error: unknown): boolean {
  if (typeof navigator !== 'undefined' && !navigator.onLine) return true;
  return error instanceof TypeError;
}
