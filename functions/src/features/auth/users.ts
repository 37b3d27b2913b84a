import { createHash } from 'node:crypto';
import { PROFILE_PICTURE_NAME, type CurrentUser } from '@moments/shared';
import { FieldValue, Timestamp, type DocumentSnapshot } from 'firebase-admin/firestore';
import { db } from '../../lib/firebase';
import { hasSubscription } from '../../lib/subscription';
import { dropStoredAdminClaims } from '../../lib/admin-claim';
import { revokeSessions } from './revoke';

export const users = db.collection('users');

export async function findUserByPhone(phoneNumber: string): Promise<DocumentSnapshot | undefined> {
  const snap = await users.where('phoneNumber', '==', phoneNumber).limit(1).get();
  return snap.docs[0];
}

export function toIso(value: unknown): string {
  return value instanceof Timestamp ? value.toDate().toISOString() : new Date(0).toISOString();
}

export function toCurrentUser(doc: DocumentSnapshot): CurrentUser {
  const d = doc.data() ?? {};
  return {
    id: doc.id,
    firstName: d.firstName ?? null,
    lastName: d.lastName ?? null,
    email: d.email ?? null,
    phoneNumber: d.phoneNumber ?? null,
    profilePictureUrl: d.profilePictureUrl ?? null,
    createdAt: toIso(d.createdAt),
    isAdmin: d.isAdmin === true,
    shareUsageData: d.shareUsageData !== false,
    hasSubscription: hasSubscription(doc),
  };
}

export interface NewUserFields {
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
  termsAccepted?: boolean;
}

/** The users document of a phone account that has just signed in, created on first sign-in. */
export async function ensureUserDoc(
  uid: string,
  phoneNumber: string,
  fields: NewUserFields = {},
): Promise<DocumentSnapshot> {
  const ref = users.doc(uid);
  await db.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (snap.exists) return;
    tx.set(ref, {
      phoneNumber,
      firstName: fields.firstName ?? null,
      lastName: fields.lastName ?? null,
      email: fields.email || null,
      profilePictureUrl: null,
      isAdmin: false,
      termsAccepted: fields.termsAccepted ?? false,
      onboarded: false,
      createdAt: FieldValue.serverTimestamp(),
    });
  });
  return ref.get();
}

/**
 * The uid of a new account made through Sign in with Apple: derived from Apple's id, so that
 * two sign-ins racing for the same new person create one account, not two.
 */
export function appleUid(appleUserId: string): string {
  return `apple-${createHash('sha256').update(appleUserId).digest('hex').slice(0, 40)}`;
}

/**
 * The account linked to an Apple id (users.appleUserId), created on the first sign-in. A new
 * one has no phone number and no names yet: it is not onboarded, so the person is asked for
 * their name next, like a new phone account. Choosing "Sign in with Apple" under the terms
 * notice accepts the terms, as the sign-up checkbox does.
 */
export async function findOrCreateAppleUser(
  appleUserId: string,
  email?: string,
): Promise<DocumentSnapshot> {
  const ref = await db.runTransaction(async (tx) => {
    const linked = await tx.get(users.where('appleUserId', '==', appleUserId).limit(1));
    if (linked.docs[0]) return linked.docs[0].ref;
    const fresh = users.doc(appleUid(appleUserId));
    if (!(await tx.get(fresh)).exists) {
      tx.set(fresh, {
        phoneNumber: null,
        appleUserId,
        firstName: null,
        lastName: null,
        email: email ?? null,
        profilePictureUrl: null,
        isAdmin: false,
        termsAccepted: true,
        onboarded: false,
        createdAt: FieldValue.serverTimestamp(),
      });
    }
    return fresh;
  });
  return ref.get();
}

/**
 * Makes someone an admin or not. Admin rights are used only through the admin login, whose
 * sign-in alone carries the admin claim, so nothing is set on the account itself (and any
 * admin claim an older version stored there is removed). Demotion revokes every session of the
 * person, the admin one included, so its claim stops working at once.
 */
export async function setAdmin(uid: string, isAdmin: boolean): Promise<void> {
  await users.doc(uid).update({ isAdmin });
  await dropStoredAdminClaims(uid);
  if (!isAdmin) await revokeSessions(uid);
}

export interface ProfileFields {
  firstName?: string;
  lastName?: string | null;
  email?: string | null;
  profilePictureUrl?: string | null;
  onboarded?: boolean;
  shareUsageData?: boolean;
}

/**
 * Updates a person's profile and the copies of their card (name, picture) kept in the
 * `members` map of every moment they belong to, so collaborators see the change.
 */
export async function updateProfile(uid: string, fields: ProfileFields): Promise<DocumentSnapshot> {
  const ref = users.doc(uid);
  await ref.update({ ...fields });
  const card = Object.fromEntries(
    (['firstName', 'lastName', 'profilePictureUrl'] as const)
      .filter((k) => fields[k] !== undefined)
      .map((k) => [`members.${uid}.${k}`, fields[k]]),
  );
  if (Object.keys(card).length > 0) {
    const memberOf = await db
      .collection('journals')
      .where('memberIds', 'array-contains', uid)
      .get();
    // One failed copy (a moment deleted meanwhile) must not fail the profile change, and a
    // rejected write left unhandled would crash the process: each failure is caught and logged.
    const writer = db.bulkWriter();
    for (const journal of memberOf.docs) {
      writer.update(journal.ref, card).catch((err: unknown) => {
        console.error(`Copying ${uid}'s card to ${journal.id} failed`, err);
      });
    }
    await writer.close();
  }
  return ref.get();
}

/**
 * A profile picture must be exactly a URL POST /api/upload answered for this person: the
 * picture path of their uid and a name of the upload's shape, nothing before or after it.
 */
export function isOwnPicture(uid: string, url: string | null | undefined): boolean {
  if (url == null) return true;
  const prefix = `/api/users/${uid}/picture/`;
  return url.startsWith(prefix) && PROFILE_PICTURE_NAME.test(url.slice(prefix.length));
}
