// Passkeys (WebAuthn) with @simplewebauthn/server: registering one while signed in, signing in
// with one, listing and removing them. Three private collections, which no client reads
// (firestore.rules): `passkeys/{id}` the credentials (public key, signature counter, backup
// flags, name, dates), `passkeyUsers/{uid}` the random user handle an account's passkeys carry
// (never the phone number), and `passkeyChallenges/{id}` the one pending challenge per purpose
// and browser: bound to the browser by its HttpOnly cookie key (./browser-key), taken (deleted)
// in a transaction by the one answer that may use it, and dead after five minutes.
// docs/security.md, "Passkeys", says why each rule is there.
import { randomBytes } from 'node:crypto';
import {
  ACCOUNT_DISABLED_MESSAGE,
  MAX_PASSKEYS,
  PASSKEY_CHALLENGE_TTL_MS,
  PASSKEY_MESSAGES,
  type PasskeySummary,
} from '@moments/shared';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { FieldValue, Timestamp, type DocumentSnapshot } from 'firebase-admin/firestore';
import { hashKey } from '../../lib/client-address';
import { db, runHotTransaction } from '../../lib/firebase';
import { ApiError } from '../../lib/http';
import { passkeySite } from '../../lib/passkey-site';
import { toIso, users } from './users';

const passkeys = db.collection('passkeys');
const passkeyUsers = db.collection('passkeyUsers');
const challenges = db.collection('passkeyChallenges');

/**
 * What a challenge is for: a sign-in, a new passkey, the admin login's second step, or the
 * fresh proof before deleting one's own account (./fresh-proof). Each purpose keeps its own
 * pending challenge per browser, so an answer to one is never taken for another.
 */
export type ChallengePurpose = 'login' | 'register' | 'admin' | 'deleteAccount';

/** The purposes a passkey answers (navigator.credentials.get()). */
export type AssertionPurpose = Exclude<ChallengePurpose, 'register'>;

const refused = () => new ApiError(401, PASSKEY_MESSAGES.refused);
const challengeExpired = () => new ApiError(401, PASSKEY_MESSAGES.challengeExpired);

/** A credential's document id: its id is up to 1,023 bytes, a document id at most 1,500. */
export const passkeyDocId = (credentialId: string) => `pk-${hashKey(`passkey ${credentialId}`)}`;

function challengeRef(browser: string, purpose: ChallengePurpose) {
  return challenges.doc(hashKey(`${purpose} ${browser}`));
}

/** Keeps `challenge` as this browser's one pending challenge for `purpose` (replacing any). */
async function keepChallenge(
  browser: string,
  purpose: ChallengePurpose,
  challenge: string,
  uid: string | null,
): Promise<void> {
  await challengeRef(browser, purpose).set({
    challenge,
    uid,
    // Firestore's TTL policy deletes it afterwards; the check below does not wait for that.
    expiresAt: Timestamp.fromMillis(Date.now() + PASSKEY_CHALLENGE_TTL_MS),
  });
}

/**
 * Takes this browser's pending challenge for `purpose`: deleted in the same transaction that
 * reads it, so of two answers sent at once only one gets it. 401 when there is none, or it is
 * more than five minutes old.
 */
async function takeChallenge(
  browser: string | undefined,
  purpose: ChallengePurpose,
): Promise<{ challenge: string; uid: string | null }> {
  if (!browser) throw challengeExpired();
  const ref = challengeRef(browser, purpose);
  const taken = await runHotTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (!snap.exists) return undefined;
    tx.delete(ref);
    if ((snap.get('expiresAt') as Timestamp).toMillis() <= Date.now()) return undefined;
    return { challenge: snap.get('challenge') as string, uid: snap.get('uid') as string | null };
  });
  if (!taken) throw challengeExpired();
  return taken;
}

/** The account's random WebAuthn user handle (base64url), made on its first passkey. */
async function userHandleFor(uid: string): Promise<string> {
  const ref = passkeyUsers.doc(uid);
  return db.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    const known = snap.get('userHandle') as string | undefined;
    if (known) return known;
    const made = randomBytes(32).toString('base64url');
    tx.set(ref, { userHandle: made });
    return made;
  });
}

const passkeysOf = (uid: string) => passkeys.where('uid', '==', uid);

/** Whether the account has a passkey (the admin login's second step needs one). */
export async function hasPasskey(uid: string): Promise<boolean> {
  return !(await passkeysOf(uid).limit(1).get()).empty;
}

/** The options for navigator.credentials.create() of a new passkey, its challenge kept. */
export async function registrationOptions(
  userDoc: DocumentSnapshot,
  browser: string,
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const existing = await passkeysOf(userDoc.id).get();
  if (existing.size >= MAX_PASSKEYS) throw new ApiError(409, PASSKEY_MESSAGES.tooMany);
  const { rpId } = passkeySite();
  const name = [userDoc.get('firstName'), userDoc.get('lastName')].filter(Boolean).join(' ');
  const options = await generateRegistrationOptions({
    rpName: 'Moments',
    rpID: rpId,
    userID: Buffer.from(await userHandleFor(userDoc.id), 'base64url'),
    // What the device's passkey list shows; the handle above is what identifies the account.
    userName: (userDoc.get('phoneNumber') as string | null) ?? (name || 'Moments account'),
    userDisplayName: name || 'Moments',
    timeout: PASSKEY_CHALLENGE_TTL_MS,
    attestationType: 'none',
    // A device that already holds one of this account's passkeys is not asked for another.
    excludeCredentials: existing.docs.map((doc) => ({
      id: doc.get('credentialId') as string,
      transports: doc.get('transports') as AuthenticatorTransport[],
    })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  await keepChallenge(browser, 'register', options.challenge, userDoc.id);
  return options;
}

/** Checks a new passkey against this browser's challenge for `uid`, and keeps it. */
export async function registerPasskey(
  uid: string,
  browser: string | undefined,
  response: RegistrationResponseJSON,
  name: string | undefined,
): Promise<PasskeySummary> {
  const taken = await takeChallenge(browser, 'register');
  if (taken.uid !== uid) throw challengeExpired();
  const { rpId, origin } = passkeySite();
  let info;
  try {
    const verification = await verifyRegistrationResponse({
      response,
      expectedChallenge: taken.challenge,
      expectedOrigin: origin,
      expectedRPID: rpId,
      requireUserVerification: true,
    });
    info = verification.verified ? verification.registrationInfo : undefined;
  } catch (err) {
    console.warn(`Passkey registration refused: ${(err as Error).message}`);
  }
  if (!info) throw new ApiError(400, PASSKEY_MESSAGES.invalidResponse);
  const ref = passkeys.doc(passkeyDocId(info.credential.id));
  const now = Timestamp.now();
  const stored = {
    uid,
    credentialId: info.credential.id,
    publicKey: Buffer.from(info.credential.publicKey).toString('base64url'),
    counter: info.credential.counter,
    transports: info.credential.transports ?? [],
    deviceType: info.credentialDeviceType,
    backedUp: info.credentialBackedUp,
    name: name ?? 'Passkey',
    createdAt: now,
    lastUsedAt: null,
  };
  await db.runTransaction(async (tx) => {
    const [mine, same] = await Promise.all([tx.get(passkeysOf(uid).select()), tx.get(ref)]);
    if (same.exists) throw new ApiError(409, PASSKEY_MESSAGES.invalidResponse);
    if (mine.size >= MAX_PASSKEYS) throw new ApiError(409, PASSKEY_MESSAGES.tooMany);
    tx.create(ref, stored);
  });
  return {
    id: ref.id,
    name: stored.name,
    createdAt: toIso(now),
    lastUsedAt: null,
    backedUp: stored.backedUp,
  };
}

/**
 * The options for navigator.credentials.get(), its challenge kept for this browser: any of the
 * site's passkeys (the browser's autofill lists them) for a sign-in, only `uid`'s for the admin
 * login's second step and for an account deletion.
 */
export async function authenticationOptions(
  browser: string,
  purpose: AssertionPurpose,
  uid: string | null = null,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const mine = uid ? (await passkeysOf(uid).get()).docs : [];
  const options = await generateAuthenticationOptions({
    rpID: passkeySite().rpId,
    timeout: PASSKEY_CHALLENGE_TTL_MS,
    userVerification: 'required',
    allowCredentials: mine.map((doc) => ({
      id: doc.get('credentialId') as string,
      transports: doc.get('transports') as AuthenticatorTransport[],
    })),
  });
  await keepChallenge(browser, purpose, options.challenge, uid);
  return options;
}

/**
 * Checks a passkey sign-in against this browser's challenge: a known credential, of an account
 * that exists and is not disabled (403), signed for this site's RP ID and origin with user
 * verification, over the challenge, with a signature counter that moved on (a cloned
 * authenticator's does not). The new counter, backup state and last use are stored in a
 * transaction, so of two uses of one counter value only one passes. Answers the account.
 */
export async function verifyPasskeySignIn(
  browser: string | undefined,
  response: AuthenticationResponseJSON,
  purpose: AssertionPurpose = 'login',
): Promise<DocumentSnapshot> {
  const taken = await takeChallenge(browser, purpose);
  const ref = passkeys.doc(passkeyDocId(response.id));
  const stored = await ref.get();
  if (!stored.exists) throw refused();
  const uid = stored.get('uid') as string;
  // A challenge made for one person (the admin step, a deletion) takes only their passkeys.
  if (purpose !== 'login' && taken.uid !== uid) throw refused();
  const [userDoc, handleDoc] = await Promise.all([
    users.doc(uid).get(),
    passkeyUsers.doc(uid).get(),
  ]);
  if (!userDoc.exists) throw refused();
  if (userDoc.get('disabled') === true) throw new ApiError(403, ACCOUNT_DISABLED_MESSAGE);
  const userHandle = response.response.userHandle;
  if (userHandle && userHandle !== handleDoc.get('userHandle')) throw refused();
  const { rpId, origin } = passkeySite();
  let info;
  try {
    const verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge: taken.challenge,
      expectedOrigin: origin,
      expectedRPID: rpId,
      credential: {
        id: stored.get('credentialId') as string,
        publicKey: Buffer.from(stored.get('publicKey') as string, 'base64url'),
        counter: stored.get('counter') as number,
        transports: stored.get('transports') as AuthenticatorTransport[],
      },
      requireUserVerification: true,
    });
    info = verification.verified ? verification.authenticationInfo : undefined;
  } catch (err) {
    console.warn(`Passkey sign-in refused: ${(err as Error).message}`);
  }
  if (!info) throw refused();
  const { newCounter, credentialBackedUp, credentialDeviceType } = info;
  await db.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (!snap.exists) throw refused();
    const counter = snap.get('counter') as number;
    // Authenticators that count (not every synced passkey does) must count up.
    if ((newCounter > 0 || counter > 0) && newCounter <= counter) throw refused();
    tx.update(ref, {
      counter: newCounter,
      backedUp: credentialBackedUp,
      deviceType: credentialDeviceType,
      lastUsedAt: FieldValue.serverTimestamp(),
    });
  });
  return userDoc;
}

function toSummary(doc: DocumentSnapshot): PasskeySummary {
  const lastUsedAt = doc.get('lastUsedAt') as Timestamp | null;
  return {
    id: doc.id,
    name: doc.get('name') as string,
    createdAt: toIso(doc.get('createdAt')),
    lastUsedAt: lastUsedAt ? toIso(lastUsedAt) : null,
    backedUp: doc.get('backedUp') === true,
  };
}

/** The account's passkeys, newest first. */
export async function listPasskeys(uid: string): Promise<PasskeySummary[]> {
  const found = await passkeysOf(uid).get();
  return found.docs.map(toSummary).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/**
 * Removes one of the account's passkeys (404 for anyone else's). A passkey that is the account's
 * only way in (no phone number, no Apple id, no other passkey) stays: 409.
 */
export async function removePasskey(uid: string, id: string): Promise<void> {
  const ref = passkeys.doc(id);
  await db.runTransaction(async (tx) => {
    const [snap, userDoc, mine] = await Promise.all([
      tx.get(ref),
      tx.get(users.doc(uid)),
      tx.get(passkeysOf(uid).select()),
    ]);
    if (!snap.exists || snap.get('uid') !== uid) throw new ApiError(404, PASSKEY_MESSAGES.notFound);
    const otherWayIn = Boolean(userDoc.get('phoneNumber') || userDoc.get('appleUserId'));
    if (!otherWayIn && mine.size <= 1) throw new ApiError(409, PASSKEY_MESSAGES.lastSignInMethod);
    tx.delete(ref);
  });
}

/** Every passkey of an account and its handle (the account is being deleted). */
export async function deletePasskeysOf(uid: string): Promise<void> {
  const found = await passkeysOf(uid).select().get();
  await Promise.all([...found.docs.map((doc) => doc.ref.delete()), passkeyUsers.doc(uid).delete()]);
}
