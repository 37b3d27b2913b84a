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
