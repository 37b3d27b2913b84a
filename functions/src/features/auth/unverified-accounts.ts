// Accounts made from an invite link without a code (an open link's invitee skips the code step),
// and what happens when someone later proves that phone number with a code. Whoever used the
// link may not own the number, so such an account never holds the number in Firebase Auth:
// a verified sign-in of the number always lands in the number's own account, clean, unless the
// same browser holds the link account's session too (then it is the same person: the account
// is adopted). See docs/security.md, "Accounts made from an invite link".
import { SIGNUP_ERRORS } from '@moments/shared';
import type { DecodedIdToken } from 'firebase-admin/auth';
import { FieldValue, type DocumentSnapshot } from 'firebase-admin/firestore';
import { auth } from '../../lib/firebase';
import { ApiError } from '../../lib/http';
import { idTokenForCustomToken } from './identity-toolkit';
import { revokeSessions } from './revoke';
import { ensureUserDoc, findUserByPhone, updateProfile, users, type NewUserFields } from './users';

/** An account made from an invite link whose phone number nobody has proved yet. */
export function isUnverified(user: DocumentSnapshot | undefined): boolean {
  return user?.get('phoneVerified') === false;
}

export interface UnverifiedAccountFields {
  phoneNumber: string;
  firstName: string;
  lastName?: string | null;
  email?: string | null;
  termsAccepted: boolean;
}

/**
 * Creates the account of an open link's invitee who skipped the code: the users document
 * names the number (so the moment shows who joined), Firebase Auth does not (so the number's
 * owner never signs in to it). 409 when the number has an account already. Returns the ID
 * token to start its session with.
 */
export async function createUnverifiedAccount(
  fields: UnverifiedAccountFields,
): Promise<{ idToken: string; userDoc: DocumentSnapshot }> {
  if (await findUserByPhone(fields.phoneNumber)) {
    throw new ApiError(409, SIGNUP_ERRORS.alreadyRegistered);
  }
  const { uid } = await auth.createUser({});
  const ref = users.doc(uid);
  try {
    await ref.create({
      phoneNumber: fields.phoneNumber,
      firstName: fields.firstName,
      lastName: fields.lastName || null,
      email: fields.email || null,
      profilePictureUrl: null,
      isAdmin: false,
      termsAccepted: fields.termsAccepted,
      // The invite profile step is the onboarding.
      onboarded: true,
      phoneVerified: false,
      createdAt: FieldValue.serverTimestamp(),
    });
  } catch (err) {
    await auth.deleteUser(uid).catch(() => undefined);
    throw err;
  }
  const idToken = await idTokenForCustomToken(await auth.createCustomToken(uid));
  return { idToken, userDoc: await ref.get() };
}

async function unverifiedHoldersOf(phoneNumber: string): Promise<DocumentSnapshot[]> {
  const snap = await users
    .where('phoneNumber', '==', phoneNumber)
    .where('phoneVerified', '==', false)
    .get();
  return snap.docs;
}

/**
 * Takes a number away from an account made without proving it: the account keeps its name and
 * moments but can no longer be signed in to, and every session it had ends.
 */
async function detach(holder: DocumentSnapshot, phoneNumber: string): Promise<void> {
  await holder.ref.update({ phoneNumber: null, unprovenPhoneNumber: phoneNumber });
  await auth.updateUser(holder.id, { disabled: true, phoneNumber: null });
  await revokeSessions(holder.id);
}

/**
 * The account a verified sign-in of `phoneNumber` opens. `proven` is the Firebase Auth account
 * the code signed in to; `caller` is the session the request came with, if any.
 * - The caller's own link account for this number is adopted: it gets the number in Firebase
 *   Auth and counts as verified (its older sessions end).
 * - Any other link account naming the number loses it (detach), so the owner never inherits
 *   another person's profile or memberships.
 * - Otherwise the number's own account, created on first sign-in with this client's sign-up
 *   fields.
 * Returns the ID token for the new session (minted after any revocation) and the account.
 */
export async function accountForProvenPhone(
  proven: { uid: string; idToken: string },
  phoneNumber: string,
  signup: NewUserFields,
  caller: DecodedIdToken | undefined,
): Promise<{ idToken: string; userDoc: DocumentSnapshot }> {
  const holders = await unverifiedHoldersOf(phoneNumber);
  const provenHasAccount = (await users.doc(proven.uid).get()).exists;
  const adopted = holders.find(
    (h) => h.id === caller?.uid && (h.id === proven.uid || !provenHasAccount),
  );
  for (const holder of holders) {
    if (holder.id !== adopted?.id && holder.id !== proven.uid) await detach(holder, phoneNumber);
  }
  if (adopted) return adopt(adopted, proven, phoneNumber, signup);

  let uid = proven.uid;
  let idToken = proven.idToken;
  // An account made by an older version held the number in Firebase Auth too: move the number
  // to a fresh account rather than hand the owner whatever the link's user left there.
  const legacy = holders.find((h) => h.id === proven.uid);
  if (legacy) {
    await detach(legacy, phoneNumber);
    ({ uid } = await auth.createUser({ phoneNumber }));
    idToken = await idTokenForCustomToken(await auth.createCustomToken(uid));
  }
  return { idToken, userDoc: await ensureUserDoc(uid, phoneNumber, signup) };
}

async function adopt(
  account: DocumentSnapshot,
  proven: { uid: string },
  phoneNumber: string,
  signup: NewUserFields,
): Promise<{ idToken: string; userDoc: DocumentSnapshot }> {
  if (account.id !== proven.uid) {
    // Firebase Auth made an account for the number just now; the number moves to this one.
    await auth.deleteUser(proven.uid);
    await auth.updateUser(account.id, { phoneNumber });
  }
  await revokeSessions(account.id);
  if (signup.firstName) {
    await updateProfile(account.id, {
      firstName: signup.firstName,
      lastName: signup.lastName ?? undefined,
      email: signup.email || null,
    });
  }
  await account.ref.update({
    phoneVerified: true,
    ...(signup.termsAccepted !== undefined ? { termsAccepted: signup.termsAccepted } : {}),
  });
  const idToken = await idTokenForCustomToken(await auth.createCustomToken(account.id));
  return { idToken, userDoc: await account.ref.get() };
}
