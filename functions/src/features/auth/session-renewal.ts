// Silent renewal: while a person uses the app, a session cookie more than RENEW_AFTER_MS old is
// replaced by a fresh 14-day one, minted from the client SDK's current ID token (which its
// refresh token keeps fresh). Both must verify with revocation checked, be the same person's,
// and the account must not be disabled; an admin-login session is never renewed (its rights
// last an hour whatever the cookie). docs/security.md, "Silent renewal", has the trade-off.
import { AUTH_SERVER_MESSAGES, ACCOUNT_DISABLED_MESSAGE } from '@moments/shared';
import type { Request, Response } from 'express';
import type { DecodedIdToken } from 'firebase-admin/auth';
import { adminSessionState, ADMIN_LOGIN_CLAIM } from '../../lib/admin-claim';
import { auth } from '../../lib/firebase';
import { ApiError } from '../../lib/http';
import { readSessionCookie, writeSessionCookie } from '../../lib/session-cookie';
import { USER_SESSION_MS } from './session';
import { users } from './users';

/** A cookie older than this is renewed: someone who opens the app weekly never meets its end. */
export const RENEW_AFTER_MS = 7 * 24 * 60 * 60 * 1000;

/** Whether a session cookie issued at `issuedAtSeconds` is due for renewal at `now`. */
export function isDueForRenewal(issuedAtSeconds: number, now: number = Date.now()): boolean {
  return now - issuedAtSeconds * 1000 > RENEW_AFTER_MS;
}

async function verified<T>(check: () => Promise<T>): Promise<T> {
  try {
    return await check();
  } catch {
    // Expired, revoked, disabled or malformed: the person signs in again.
    throw new ApiError(401, AUTH_SERVER_MESSAGES.signIn);
  }
}

/**
 * Renews the caller's session cookie when it is due, from `idToken`; answers whether it did.
 * `now` is the clock the age is measured by (tests pass their own).
 */
export async function renewSession(
  req: Request,
  res: Response,
  idToken: string,
  now: number = Date.now(),
): Promise<boolean> {
  const cookie = readSessionCookie(req);
  if (!cookie.session) throw new ApiError(401, AUTH_SERVER_MESSAGES.signIn);
  const session = cookie.session;
  const current = await verified(() => auth.verifySessionCookie(session, true));
  if (adminSessionState(current) !== 'none' || !isDueForRenewal(current.iat, now)) return false;
  const fresh: DecodedIdToken = await verified(() => auth.verifyIdToken(idToken, true));
  if (fresh.uid !== current.uid || fresh[ADMIN_LOGIN_CLAIM] === true) {
    throw new ApiError(401, AUTH_SERVER_MESSAGES.signIn);
  }
  const userDoc = await users.doc(current.uid).get();
  if (!userDoc.exists) throw new ApiError(401, AUTH_SERVER_MESSAGES.signIn);
  if (userDoc.get('disabled') === true) throw new ApiError(403, ACCOUNT_DISABLED_MESSAGE);
  const renewed = await auth.createSessionCookie(idToken, { expiresIn: USER_SESSION_MS });
  writeSessionCookie(res, { ...cookie, session: renewed });
  return true;
}
