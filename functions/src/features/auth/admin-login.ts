// The admin login: username and password, the only sign-in whose session carries `admin: true`.
// Failed tries are counted per typed username (known or not) in a transaction before the
// password is compared; an unknown username costs a hash compare like a known one, and locks
// the same way, so neither the answer, its timing nor the lockout tells whether it exists.
import { ADMIN_LOCK_MS, ADMIN_LOGIN_ERRORS, ADMIN_MAX_FAILED_LOGINS } from '@moments/shared';
import { Timestamp, type DocumentSnapshot } from 'firebase-admin/firestore';
import { hashKey } from '../../lib/client-address';
import { auth, db, runHotTransaction } from '../../lib/firebase';
import { ApiError } from '../../lib/http';
import { consume } from '../../lib/rate-limit';
import { adminLoginClaims } from '../../lib/admin-claim';
import { idTokenForCustomToken } from './identity-toolkit';
import { hashPassword, normalizeUsername, verifyPassword } from './passwords';
import { users } from './users';

/** Admin login tries per client address per hour, on top of the per-username lockout. */
export const ADMIN_LOGIN_CLIENT_LIMIT = { limit: 30, windowMs: 60 * 60 * 1000 };

const attemptsOf = (username: string) =>
  db.collection('adminLoginAttempts').doc(hashKey(normalizeUsername(username)));

/** Compared against when the username is unknown, so both cost one scrypt. */
let dummyHash: Promise<string> | undefined;

/**
 * Takes one try for `username`: 423 while it is locked; otherwise counts the try, and the try
 * that reaches ADMIN_MAX_FAILED_LOGINS starts the lock. A success resets the count afterwards.
 */
async function takeTry(username: string): Promise<void> {
  const ref = attemptsOf(username);
  const locked = await runHotTransaction(async (tx) => {
    const now = Date.now();
    const snap = await tx.get(ref);
    const lockedUntil = (snap.get('lockedUntil') as Timestamp | null | undefined)?.toMillis() ?? 0;
    if (lockedUntil > now) return true;
    const tries = lockedUntil ? 1 : ((snap.get('tries') as number | undefined) ?? 0) + 1;
    const lock = tries >= ADMIN_MAX_FAILED_LOGINS;
    tx.set(ref, {
      tries: lock ? 0 : tries,
      lockedUntil: lock ? Timestamp.fromMillis(now + ADMIN_LOCK_MS) : null,
      // Firestore's TTL policy deletes the document once neither count nor lock matters.
      expiresAt: Timestamp.fromMillis(now + ADMIN_LOCK_MS * 2),
    });
    return false;
  });
  if (locked) throw new ApiError(423, ADMIN_LOGIN_ERRORS.locked);
}

async function credentialsFor(username: string): Promise<DocumentSnapshot | undefined> {
  const found = await db
    .collection('credentials')
    .where('username', '==', normalizeUsername(username))
    .limit(1)
    .get();
  return found.docs[0];
}

/**
 * Checks an admin's username and password; answers the admin's users document and an ID token
 * of a sign-in that carries `admin: true`. 401 for any wrong or unknown pair (or a person who is
 * no longer an admin), 423 while the username is locked, 429 past the per-client limit.
 */
export async function adminSignIn(
  username: string,
  password: string,
  client: string,
): Promise<{ idToken: string; userDoc: DocumentSnapshot }> {
  const { limit, windowMs } = ADMIN_LOGIN_CLIENT_LIMIT;
  await consume('admin-client', client, limit, windowMs);
  await takeTry(username);
  const cred = await credentialsFor(username);
  dummyHash ??= hashPassword('not a password anyone has');
  const matches = await verifyPassword(password, cred?.get('passwordHash') ?? (await dummyHash));
  const invalid = new ApiError(401, ADMIN_LOGIN_ERRORS.invalid);
  if (!cred || !matches) throw invalid;
  const userDoc = await users.doc(cred.id).get();
  if (userDoc.get('isAdmin') !== true) throw invalid;
  await attemptsOf(username).set({ tries: 0, lockedUntil: null }, { merge: true });
  const idToken = await idTokenForCustomToken(
    await auth.createCustomToken(cred.id, adminLoginClaims()),
  );
  return { idToken, userDoc };
}
