// The admin login: username and password, the only sign-in whose session carries `admin: true`.
// Tries are counted per typed username (known or not) and client address in a transaction before
// the password is compared: a client's own failures lock it out of that username first, and only
// failures from many clients lock the username for everyone (`npm run admin:unlock` ends that).
// An unknown username costs a hash compare like a known one, and locks the same way, so neither
// the answer, its timing nor the lockout tells whether it exists.
import {
  ADMIN_LOCK_MS,
  ADMIN_LOGIN_ERRORS,
  ADMIN_MAX_FAILED_LOGINS,
  ADMIN_USERNAME_MAX_FAILED_LOGINS,
} from '@moments/shared';
import { Timestamp, type DocumentSnapshot } from 'firebase-admin/firestore';
import { hashKey } from '../../lib/client-address';
import { auth, db, runHotTransaction } from '../../lib/firebase';
import { ApiError } from '../../lib/http';
import { consume } from '../../lib/rate-limit';
import { adminLoginClaims } from '../../lib/admin-claim';
import { idTokenForCustomToken } from './identity-toolkit';
import { hashPassword, normalizeUsername, verifyPassword } from './passwords';
import { users } from './users';

/** Admin login tries per client address per hour, on top of the lockouts. */
export const ADMIN_LOGIN_CLIENT_LIMIT = { limit: 30, windowMs: 60 * 60 * 1000 };

const loginAttempts = db.collection('adminLoginAttempts');

/** The key every lock document of a username carries (admin:unlock finds them by it). */
export const usernameKey = (username: string) => hashKey(normalizeUsername(username));

/** The username's count and lock (all clients), and this client's for that username. */
const attemptsOf = (username: string, client: string) => ({
  username: loginAttempts.doc(usernameKey(username)),
  client: loginAttempts.doc(hashKey(`${normalizeUsername(username)} ${client}`)),
});

interface LockCount {
  tries: number;
  lockedUntil: Timestamp | null;
}

/** Whether `snap` is locked now, and its count after one more try (reaching `max` locks). */
function countTry(snap: DocumentSnapshot, max: number, now: number) {
  const lockedUntil = (snap.get('lockedUntil') as Timestamp | null | undefined)?.toMillis() ?? 0;
  const tries = lockedUntil ? 1 : ((snap.get('tries') as number | undefined) ?? 0) + 1;
  const lock = tries >= max;
  const count: LockCount = {
    tries: lock ? 0 : tries,
    lockedUntil: lock ? Timestamp.fromMillis(now + ADMIN_LOCK_MS) : null,
  };
  return { locked: lockedUntil > now, count };
}

/** Compared against when the username is unknown, so both cost one scrypt. */
let dummyHash: Promise<string> | undefined;

/**
 * Takes one try for `username` from `client`: 423 while either the client (for this username) or
 * the username is locked; otherwise counts the try in both, and the try that reaches
 * ADMIN_MAX_FAILED_LOGINS for the client, or ADMIN_USERNAME_MAX_FAILED_LOGINS for the username,
 * starts that lock. A locked client's tries count nowhere. A success resets both afterwards.
 */
async function takeTry(username: string, client: string): Promise<void> {
  const refs = attemptsOf(username, client);
  const locked = await runHotTransaction(async (tx) => {
    const now = Date.now();
    const [clientSnap, usernameSnap] = await Promise.all([
      tx.get(refs.client),
      tx.get(refs.username),
    ]);
    const byClient = countTry(clientSnap, ADMIN_MAX_FAILED_LOGINS, now);
    const byUsername = countTry(usernameSnap, ADMIN_USERNAME_MAX_FAILED_LOGINS, now);
    if (byClient.locked || byUsername.locked) return true;
    // Firestore's TTL policy deletes a document once neither count nor lock matters.
    const kept = {
      usernameKey: usernameKey(username),
      expiresAt: Timestamp.fromMillis(now + ADMIN_LOCK_MS * 2),
    };
    tx.set(refs.client, { ...byClient.count, ...kept });
    tx.set(refs.username, { ...byUsername.count, ...kept });
    return false;
  });
  if (locked) throw new ApiError(423, ADMIN_LOGIN_ERRORS.locked);
}

/**
 * Ends every lock and count of `username` (all clients'): the admin's way back in after
 * strangers locked the username (`npm run admin:unlock`). Answers how many locks were on.
 */
export async function unlockAdminLogin(username: string): Promise<number> {
  const found = await loginAttempts.where('usernameKey', '==', usernameKey(username)).get();
  // The username's own document by id too: one written before `usernameKey` was stored.
  const own = await loginAttempts.doc(usernameKey(username)).get();
  const docs = [...found.docs.filter((doc) => doc.id !== own.id), ...(own.exists ? [own] : [])];
  const locked = docs.filter(
    (doc) => ((doc.get('lockedUntil') as Timestamp | null)?.toMillis() ?? 0) > Date.now(),
  );
  await Promise.all(docs.map((doc) => doc.ref.delete()));
  return locked.length;
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
  await takeTry(username, client);
  const cred = await credentialsFor(username);
  dummyHash ??= hashPassword('not a password anyone has');
  const matches = await verifyPassword(password, cred?.get('passwordHash') ?? (await dummyHash));
  const invalid = new ApiError(401, ADMIN_LOGIN_ERRORS.invalid);
  if (!cred || !matches) throw invalid;
  const userDoc = await users.doc(cred.id).get();
  if (userDoc.get('isAdmin') !== true) throw invalid;
  const reset: LockCount = { tries: 0, lockedUntil: null };
  const refs = attemptsOf(username, client);
  await Promise.all([
    refs.client.set(reset, { merge: true }),
    refs.username.set(reset, { merge: true }),
  ]);
  const idToken = await idTokenForCustomToken(
    await auth.createCustomToken(cred.id, adminLoginClaims()),
  );
  return { idToken, userDoc };
}
