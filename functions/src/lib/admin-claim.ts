// Admin rights come from one claim, ADMIN_LOGIN_CLAIM, that only the admin login's custom token
// carries: a developer claim of that one sign-in, never set on an account. Claims stored on an
// account (setCustomUserClaims) ride along in every token of every sign-in, SMS and Apple
// included, so the names that give or once gave admin rights are removed from accounts: at each
// sign-in, when someone is made or stops being an admin, and by `npm run admin:migrate-claims`.
// The rights end an hour after the admin login, whatever carries them (session cookie or a
// refreshed ID token as Bearer). docs/security.md, "Admin rights".
import type { DecodedIdToken } from 'firebase-admin/auth';
import { auth } from './firebase';

/** The claim of an admin-login sign-in. No account stores it (see above). */
export const ADMIN_LOGIN_CLAIM = 'adminLogin';

/** How long an admin login's rights last, counted from the sign-in (`auth_time`). */
export const ADMIN_SESSION_MS = 60 * 60 * 1000;

/** Stored claims never left on an account: `admin` gave rights before the admin login did. */
const STORED_ADMIN_CLAIMS = ['admin', ADMIN_LOGIN_CLAIM];

/** The developer claims of the admin login's custom token. */
export function adminLoginClaims(): Record<string, unknown> {
  return { [ADMIN_LOGIN_CLAIM]: true };
}

/**
 * What a verified token (session cookie or ID token) is: not an admin-login sign-in (`none`),
 * one more than ADMIN_SESSION_MS old (`ended`), or a live one. A refreshed ID token keeps its
 * sign-in's `auth_time`, so the hour holds for Bearer tokens as for the cookie.
 */
export function adminSessionState(
  token: DecodedIdToken | undefined,
  now = Date.now(),
): 'none' | 'ended' | 'live' {
  if (token?.[ADMIN_LOGIN_CLAIM] !== true || token.firebase.sign_in_provider !== 'custom') {
    return 'none';
  }
  return now - token.auth_time * 1000 < ADMIN_SESSION_MS ? 'live' : 'ended';
}

/** The stored claims to keep: undefined when there is no admin claim to remove, null for none. */
function withoutAdminClaims(stored: Record<string, unknown> | undefined) {
  const claims = stored ?? {};
  if (!STORED_ADMIN_CLAIMS.some((name) => name in claims)) return undefined;
  const rest = Object.entries(claims).filter(([name]) => !STORED_ADMIN_CLAIMS.includes(name));
  return rest.length ? Object.fromEntries(rest) : null;
}

/**
 * Removes admin claims stored on the account (other stored claims stay). Tokens minted
 * afterwards, refreshed ones included, no longer carry them. Answers whether it changed any.
 */
export async function dropStoredAdminClaims(uid: string): Promise<boolean> {
  const kept = withoutAdminClaims((await auth.getUser(uid)).customClaims);
  if (kept === undefined) return false;
  await auth.setCustomUserClaims(uid, kept);
  return true;
}

/**
 * The one-off migration (`npm run admin:migrate-claims`): every account of the project, a
 * thousand at a time, loses its stored admin claims. Answers how many it checked and which
 * it changed.
 */
export async function dropStoredAdminClaimsOfEveryone(): Promise<{
  checked: number;
  cleared: string[];
}> {
  let checked = 0;
  const cleared: string[] = [];
  let pageToken: string | undefined;
  do {
    const page = await auth.listUsers(1000, pageToken);
    for (const user of page.users) {
      checked += 1;
      const kept = withoutAdminClaims(user.customClaims);
      if (kept === undefined) continue;
      await auth.setCustomUserClaims(user.uid, kept);
      cleared.push(user.uid);
    }
    pageToken = page.pageToken;
  } while (pageToken);
  return { checked, cleared };
}
