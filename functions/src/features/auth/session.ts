import type { Response } from 'express';
import type { DocumentSnapshot } from 'firebase-admin/firestore';
import type { SignInResponse } from '@moments/shared';
import { auth } from '../../lib/firebase';
import { writeSessionCookie } from '../../lib/session-cookie';
import { ADMIN_SESSION_MS, adminLoginClaims, dropStoredAdminClaims } from '../../lib/admin-claim';
import { revokeSessions } from './revoke';
import { toCurrentUser } from './users';

/** An ordinary session (phone code, Apple, invite link): Firebase's maximum, 14 days. */
export const USER_SESSION_MS = 14 * 24 * 60 * 60 * 1000;

export type SessionKind = 'user' | 'admin';

/**
 * Completes a sign-in: sets the session cookie (for /api calls and photo URLs) and returns
 * a custom token that signs the Firebase client SDK in (for live Firestore reads). `idToken`
 * must come from a sign-in of the same kind (an admin one carries the admin login's claim).
 * Admin claims an older version stored on the account are removed first, so the client SDK's
 * tokens never carry them.
 */
export async function startSession(
  res: Response,
  idToken: string,
  userDoc: DocumentSnapshot,
  kind: SessionKind = 'user',
): Promise<SignInResponse> {
  const expiresIn = kind === 'admin' ? ADMIN_SESSION_MS : USER_SESSION_MS;
  await dropStoredAdminClaims(userDoc.id);
  // Whatever else the cookie held (an Apple state) has served its purpose.
  writeSessionCookie(res, { session: await auth.createSessionCookie(idToken, { expiresIn }) });
  return {
    ...toCurrentUser(userDoc),
    needsOnboarding: userDoc.get('onboarded') !== true,
    customToken: await clientToken(userDoc.id, kind),
  };
}

/**
 * A custom token that signs the Firebase client SDK in as this user. Only the admin login's
 * carries the admin claim (a developer claim of this sign-in, never one set on the account).
 */
export function clientToken(uid: string, kind: SessionKind): Promise<string> {
  return auth.createCustomToken(uid, kind === 'admin' ? adminLoginClaims() : {});
}

/** Ends every form of the session: revokes refresh tokens and session cookies, clears the cookie. */
export async function endSession(
  res: Response,
  session: { uid: string; auth_time: number } | undefined,
): Promise<void> {
  if (session) await revokeSessions(session.uid, session.auth_time);
  writeSessionCookie(res, {});
}
