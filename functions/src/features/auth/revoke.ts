import { auth } from '../../lib/firebase';

/**
 * Revokes every refresh token and session cookie of `uid`. Revocation has one-second
 * resolution: a session signed in during the second of the revocation would survive it, so
 * when `signedInAt` (seconds; now by default) is this second, it waits for the next one first.
 */
export async function revokeSessions(uid: string, signedInAt = Math.floor(Date.now() / 1000)) {
  const waitMs = (signedInAt + 1) * 1000 - Date.now();
  if (waitMs > 0) await new Promise((resolve) => setTimeout(resolve, waitMs + 10));
  await auth.revokeRefreshTokens(uid);
}
