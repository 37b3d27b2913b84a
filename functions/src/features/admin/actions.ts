// What an admin may do to an account. Each returns only after the effect holds everywhere:
// Auth refuses the account, its tokens are revoked (every session checks revocation).
import { ADMIN_MESSAGES, type MakeAdminInput } from '@moments/shared';
import { FieldValue } from 'firebase-admin/firestore';
import { deleteQuery } from '../../lib/batch-delete';
import { auth, db } from '../../lib/firebase';
import { ApiError } from '../../lib/http';
import {
  deletePasskeysOf,
  dropStoredAdminClaims,
  newCredentials,
  normalizeUsername,
  revokeSessions,
} from '../auth';
import { cancelSubscriptionNow } from '../billing';
import { deleteJournal, dropMember, journals, memberStates, pendingInvitesBy } from '../journals';
import { photoStore } from '../photos';
import { dailyActive } from './activity';

const users = db.collection('users');
const credentials = db.collection('credentials');

/** The name other members see on a deleted person's entries. */
export const DELETED_AUTHOR = { firstName: 'Deleted', lastName: 'account' };

async function existing(uid: string) {
  const doc = await users.doc(uid).get();
  if (!doc.exists) throw new ApiError(404, ADMIN_MESSAGES.notFound);
  return doc;
}

/** The service always keeps an admin: removing `uid` must leave at least one other. */
export function assertAnotherAdminRemains(adminIds: readonly string[], uid: string): void {
  if (!adminIds.some((id) => id !== uid)) throw new ApiError(409, ADMIN_MESSAGES.lastAdmin);
}

function notSelf(actorId: string, targetId: string) {
  if (actorId === targetId) throw new ApiError(409, ADMIN_MESSAGES.notYourself);
}

/**
 * Ends every session of the account at once (refresh tokens, ID tokens and session cookies;
 * revokeSessions waits out the second of a sign-in made just before).
 */
export async function signOutEverywhere(uid: string): Promise<void> {
  await existing(uid);
  await revokeSessions(uid);
}

/** Auth refuses the account (no new sign-in) and every session ends now. */
export async function disableAccount(actorId: string, uid: string): Promise<void> {
  notSelf(actorId, uid);
  await existing(uid);
  await auth.updateUser(uid, { disabled: true });
  await revokeSessions(uid);
  await users.doc(uid).update({ disabled: true, disabledAt: FieldValue.serverTimestamp() });
}

export async function enableAccount(uid: string): Promise<void> {
  await existing(uid);
  await auth.updateUser(uid, { disabled: false });
  await users.doc(uid).update({ disabled: false, disabledAt: FieldValue.delete() });
}

/**
 * Makes a person an admin with their own admin login. No admin claim is put on the account
 * (only the admin login grants one, for that session), and one an older version stored there
 * is removed, so an SMS or Apple sign-in of the new admin stays an ordinary session.
 */
export async function makeAdmin(uid: string, input: MakeAdminInput): Promise<void> {
  const fields = await newCredentials(input.username, input.password);
  await db.runTransaction(async (tx) => {
    const [doc, taken] = await Promise.all([
      tx.get(users.doc(uid)),
      tx.get(credentials.where('username', '==', normalizeUsername(input.username)).limit(1)),
    ]);
    if (!doc.exists) throw new ApiError(404, ADMIN_MESSAGES.notFound);
    if (taken.docs.some((d) => d.id !== uid)) throw new ApiError(409, ADMIN_MESSAGES.usernameTaken);
    tx.set(credentials.doc(uid), fields);
    tx.update(users.doc(uid), { isAdmin: true });
  });
  await dropStoredAdminClaims(uid);
}

/**
 * Takes the rights away in a transaction that also counts the admins left (two admins removing
 * each other at once cannot leave none), then ends every session of the person at once.
 */
export async function removeAdmin(actorId: string, uid: string): Promise<void> {
  notSelf(actorId, uid);
  await db.runTransaction(async (tx) => {
    const [doc, admins] = await Promise.all([
      tx.get(users.doc(uid)),
      tx.get(users.where('isAdmin', '==', true)),
    ]);
    if (!doc.exists) throw new ApiError(404, ADMIN_MESSAGES.notFound);
    if (doc.get('isAdmin') !== true) return;
    assertAnotherAdminRemains(
      admins.docs.map((d) => d.id),
      uid,
    );
    tx.update(users.doc(uid), { isAdmin: false });
    tx.delete(credentials.doc(uid));
  });
  await dropStoredAdminClaims(uid);
  await revokeSessions(uid);
}

/**
 * Deletes an account and everything that belongs only to it (docs/admin.md, "Deleting an
 * account"): the moments they own (photos, entries, invites, bytes), their memberships
 * elsewhere, the links they made, their picture, their users, credentials, code and activity
 * documents, and the Auth account; a Moments Plus subscription is cancelled at Stripe first. Entries and photos they added to other people's moments
 * stay with those moments (they are part of a shared story and may have replies), shown as
 * by "Deleted account". Every step only deletes, so an interrupted deletion can run again.
 */
export async function deleteAccount(actorId: string, uid: string): Promise<void> {
  notSelf(actorId, uid);
  const doc = await existing(uid);
  if (doc.get('isAdmin') === true) {
    const admins = await users.where('isAdmin', '==', true).select().get();
    assertAnotherAdminRemains(
      admins.docs.map((d) => d.id),
      uid,
    );
  }
  // A subscription ends first: if Stripe cannot be reached, nothing else has changed yet.
  await cancelSubscriptionNow(doc);
  // Then stop the person: no new sign-in, every session ends.
  await auth.updateUser(uid, { disabled: true }).catch(ignoreMissingUser);
  await revokeSessions(uid).catch(ignoreMissingUser);

  const owned = await journals.where('userId', '==', uid).select().get();
  for (const journal of owned.docs) await deleteJournal(journal.id, uid);

  const memberOf = await journals.where('memberIds', 'array-contains', uid).select().get();
  for (const journal of memberOf.docs) {
    await db.runTransaction(async (tx) => {
      const links = await tx.get(pendingInvitesBy(journal.id, uid));
      dropMember(tx, journal.ref, uid, links);
    });
  }

  const entries = await db.collectionGroup('comments').where('userId', '==', uid).select().get();
  const writer = db.bulkWriter();
  writer.onWriteError(() => false);
  for (const entry of entries.docs) {
    void writer
      .update(entry.ref, {
        'user.firstName': DELETED_AUTHOR.firstName,
        'user.lastName': DELETED_AUTHOR.lastName,
        'user.profilePictureUrl': null,
      })
      .catch(() => undefined);
  }
  await writer.close();

  await deleteQuery(db.collection('invites').where('inviterId', '==', uid));
  await deleteQuery(memberStates.where('userId', '==', uid));
  await deleteQuery(dailyActive.where('uid', '==', uid));
  await deleteQuery(db.collection('adminSessions').where('uid', '==', uid));
  await deleteQuery(db.collection('stripeEvents').where('userId', '==', uid));
  await deletePasskeysOf(uid);
  await photoStore.removeAll(`users/${uid}`);
  const phone = doc.get('phoneNumber') as string | null;
  const batch = db.batch();
  batch.delete(credentials.doc(uid));
  // Code-request limits are keyed by a hash of number and client and expire by themselves.
  if (phone) batch.delete(db.doc(`phoneVerifications/${phone}`));
  batch.delete(users.doc(uid));
  await batch.commit();
  await auth.deleteUser(uid).catch(ignoreMissingUser);
}

function ignoreMissingUser(err: { code?: string }) {
  if (err.code !== 'auth/user-not-found') throw err;
}
