import type { CurrentUser } from '@moments/shared';
import { FieldValue, Timestamp, type DocumentSnapshot } from 'firebase-admin/firestore';
import { auth, db } from '../../lib/firebase';

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
    phoneNumber: d.phoneNumber,
    profilePictureUrl: d.profilePictureUrl ?? null,
    createdAt: toIso(d.createdAt),
    isAdmin: d.isAdmin === true,
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

/** Keeps the `admin` custom claim (read by the rules) in step with users.isAdmin. */
export async function setAdmin(uid: string, isAdmin: boolean): Promise<void> {
  await users.doc(uid).update({ isAdmin });
  await auth.setCustomUserClaims(uid, isAdmin ? { admin: true } : {});
}

export interface ProfileFields {
  firstName?: string;
  lastName?: string;
  email?: string | null;
  profilePictureUrl?: string | null;
  onboarded?: boolean;
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
    const writer = db.bulkWriter();
    for (const journal of memberOf.docs) void writer.update(journal.ref, card);
    await writer.close();
  }
  return ref.get();
}

/** A profile picture must be one this person uploaded through POST /api/upload. */
export function isOwnPicture(uid: string, url: string | null | undefined): boolean {
  return url == null || url.startsWith(`/api/users/${uid}/picture/`);
}
