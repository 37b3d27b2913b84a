// Session-storage flags of the sign-in flow.
import { safeSessionStorage as storage } from '../../../lib/safe-storage';

export const REDIRECT_AFTER_LOGIN_KEY = 'redirectAfterLogin';
/** How many times "Try Again" was pressed on the authentication error card. */
export const AUTH_RETRY_COUNT_KEY = 'authRetryCount';

export function saveRedirectAfterLogin(path: string) {
  // Never send someone back to a sign-in screen after signing in.
  if (path === '/' || path.startsWith('/auth')) return;
  storage.setItem(REDIRECT_AFTER_LOGIN_KEY, path);
}

/** Reads and forgets the saved post-login path. Only same-origin paths are honoured. */
export function takeRedirectAfterLogin(): string | null {
  const path = storage.getItem(REDIRECT_AFTER_LOGIN_KEY);
  storage.removeItem(REDIRECT_AFTER_LOGIN_KEY);
  // "//host" and "/\\host" would leave the site.
  return path && /^\/(?![/\\])/.test(path) ? path : null;
}

/** Where a signed-in person goes next: the saved path, else by role. */
export function destinationAfterSignIn(user: { isAdmin: boolean }): string {
  return takeRedirectAfterLogin() ?? (user.isAdmin ? '/admin' : '/home');
}

export function incrementAuthRetryCount(): number {
  const next = Number(storage.getItem(AUTH_RETRY_COUNT_KEY) ?? '0') + 1;
  storage.setItem(AUTH_RETRY_COUNT_KEY, String(next));
  return next;
}

export function resetAuthRetryCount() {
  storage.removeItem(AUTH_RETRY_COUNT_KEY);
}

// Set while logging out, so that the protected page being left does not save itself as the
// post-login redirect when the user disappears from the cache.
let loggingOut = false;

export function setLoggingOut(value: boolean) {
  loggingOut = value;
}

export function isLoggingOut(): boolean {
  return loggingOut;
}
