// The last signed-in person, kept on the device so the app opens as them without a network.
// A network failure is not a session failure; a 401 (or logout) forgets them.
import type { CurrentUser } from '@moments/shared';
import { readStoredJson, safeLocalStorage, writeStoredJson } from '../../../lib/safe-storage';

export const LAST_USER_KEY = 'moments.lastUser';

/** Not kept (storage full or off): the app then needs the network to open, as before. */
export function rememberUser(user: CurrentUser): void {
  writeStoredJson(safeLocalStorage, LAST_USER_KEY, user);
}

export function lastKnownUser(): CurrentUser | null {
  const user = readStoredJson(safeLocalStorage, LAST_USER_KEY) as Partial<CurrentUser> | null;
  return user && typeof user.id === 'string' ? (user as CurrentUser) : null;
}

export function forgetUser(): void {
  safeLocalStorage.removeItem(LAST_USER_KEY);
}

/** A request that never reached the server (offline, DNS, connection refused, ...). */
export function isNetworkFailure(error: unknown): boolean {
  if (typeof navigator !== 'undefined' && !navigator.onLine) return true;
  return error instanceof TypeError;
}
