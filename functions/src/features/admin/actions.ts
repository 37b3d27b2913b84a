// What an admin may do to an account. Each returns only after the effect holds everywhere:
// Auth refuses the account, its tokens are revoked (every session checks revocation).
import { ACCOUNT_DELETION_MESSAGES, ADMIN_MESSAGES, type MakeAdminInput } from '@moments/shared';
import { FieldValue } from 'firebase-admin/firestore';
import { auth, db } from '../../lib/firebase';
import { ApiError } from '../../lib/http';
import { dropStoredAdminClaims, newCredentials, normalizeUsername, revokeSessions } from '../auth';
import { eraseAccount } from '../account';
import { removeAllDevices } from '../push';

const users = db.collection('users');
const credentials = db.collection('credentials');

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

/** When Auth says the account's sessions were last revoked (it keeps whole seconds). */
async function sessionsRevokedAt(uid: string): Promise<Date> {
  const { tokensValidAfterTime } = await auth.getUser(uid);
  return new Date(
    tokensValidAfterTime ? Date.parse(tokensValidAfterTime) : Math.floor(Date.now() / 1000) * 1000,
  );
}

/**
 * Ends every session of the account at once (refresh tokens, ID tokens and session cookies;
 * revokeSessions waits out the second of a sign-in made just before), then forgets their push
 * devices: a signed-out phone must not keep getting their moments' content.
 */
export async function signOutEverywhere(uid: string): Promise<void> {
  await existing(uid);
  await revokeSessions(uid);
  await removeAllDevices(uid, await sessionsRevokedAt(uid));
}

/** Auth refuses the account (no new sign-in), every session ends now, and no push reaches it. */
export async function disableAccount(actorId: string, uid: string): Promise<void> {
  notSelf(actorId, uid);
  await existing(uid);
  await auth.updateUser(uid, { disabled: true });
  await revokeSessions(uid);
  await users.doc(uid).update({ disabled: true, disabledAt: FieldValue.serverTimestamp() });
  await removeAllDevices(uid, await sessionsRevokedAt(uid));
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
 * account"), through the same deletion core as the person's own "Delete my account"
 * (features/account): a Moments Plus subscription is cancelled at Stripe first, the account is
 * disabled and its sessions end, the moments they own are deleted, and entries and photos they
 * added to other people's moments stay (part of a shared story, maybe with replies), shown as
 * by "Deleted account". A deletion cut short is resumed by running it again.
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
  const status = await eraseAccount(uid, {
    by: 'admin',
    sharedMoments: 'delete',
    contributions: 'keep',
  });
  if (status === 'inProgress') throw new ApiError(409, ACCOUNT_DELETION_MESSAGES.inProgress);
}
