import type { Response } from 'express';
import type { DocumentSnapshot } from 'firebase-admin/firestore';
import type { SignInResponse } from '@moments/shared';
import { auth, isEmulated } from '../../lib/firebase';
import { SESSION_COOKIE } from '../../middleware/auth';
import { toCurrentUser } from './users';

/** Firebase's maximum session-cookie lifetime. */
const SESSION_MS = 14 * 24 * 60 * 60 * 1000;

function cookie(value: string, maxAgeSeconds: number): string {
  // SameSite=Strict: the browser never sends it on a cross-site request (CSRF guard).
  // Secure everywhere but the local emulators, which serve plain http.
  const secure = isEmulated ? '' : '; Secure';
  return `${SESSION_COOKIE}=${encodeURIComponent(value)}; Max-Age=${maxAgeSeconds}; Path=/; HttpOnly; SameSite=Strict${secure}`;
}

/**
 * Completes a sign-in: sets the session cookie (for /api calls and photo URLs) and returns
 * a custom token that signs the Firebase client SDK in (for live Firestore reads).
 */
export async function startSession(
  res: Response,
  idToken: string,
  userDoc: DocumentSnapshot,
): Promise<SignInResponse> {
  const sessionCookie = await auth.createSessionCookie(idToken, { expiresIn: SESSION_MS });
  res.setHeader('Set-Cookie', cookie(sessionCookie, SESSION_MS / 1000));
  return {
    ...toCurrentUser(userDoc),
    needsOnboarding: userDoc.get('onboarded') !== true,
    customToken: await clientToken(userDoc),
  };
}

/** A custom token that signs the Firebase client SDK in as this user (admin claim included). */
export function clientToken(userDoc: DocumentSnapshot): Promise<string> {
  const isAdmin = userDoc.get('isAdmin') === true;
  return auth.createCustomToken(userDoc.id, isAdmin ? { admin: true } : {});
}

/** Ends every form of the session: revokes refresh tokens and session cookies, clears the cookie. */
export async function endSession(res: Response, uid: string | undefined): Promise<void> {
  if (uid) await auth.revokeRefreshTokens(uid);
  res.setHeader('Set-Cookie', cookie('', 0));
}
