// Erasing an account: the one deletion core behind "Delete my account" (./routes.ts) and the
// admin's Delete account (features/admin/actions.ts). Progress is kept in a deletion job,
// `accountDeletions/{uid}`, so a deletion cut short (an error, a timeout) is finished by the next
// try, with the choices made the first time. docs/data-model.md, "Deleting an account".
import {
  FORMER_MEMBER_NAME,
  type ContributionChoice,
  type SharedMomentChoice,
} from '@moments/shared';
import { randomUUID } from 'node:crypto';
import {
  FieldValue,
  Timestamp,
  type DocumentReference,
  type DocumentSnapshot,
  type Query,
} from 'firebase-admin/firestore';
import { deleteQuery } from '../../lib/batch-delete';
import { auth, db, isEmulated } from '../../lib/firebase';
import { deletePasskeysOf, revokeSessions, users } from '../auth';
import { cancelSubscriptionNow } from '../billing';
import {
  deleteEntryTree,
  deleteJournal,
  dropMember,
  handOverJournal,
  journals,
  pendingInvitesBy,
  removePhoto,
} from '../journals';
import { photoStore } from '../photos';
import { deletePhotoBatchesOf, deletePushData } from '../push';

/**
 * Every collection with documents keyed by a person, by the field naming them (`group`: a
 * subcollection, queried across all parents). A feature that stores something per person adds
 * its collection here, and the account deletion test checks it is empty afterwards
 * (tests/api/account-delete.test.ts). Documents whose id is the uid are in PERSON_KEYED_DOCUMENTS;
 * subcollections of users/{uid} go with it.
 */
export const PERSON_KEYED_COLLECTIONS: readonly {
  collection: string;
  field: string;
  group?: boolean;
}[] = [
  { collection: 'memberStates', field: 'userId' },
  { collection: 'invites', field: 'inviterId' },
  { collection: 'dailyActive', field: 'uid' },
  { collection: 'adminSessions', field: 'uid' },
  { collection: 'stripeEvents', field: 'userId' },
  { collection: 'uploadClaims', field: 'uploaderId', group: true },
];

/** Documents named by the person (their uid, their number), besides users/{uid}. */
export const PERSON_KEYED_DOCUMENTS: readonly ((person: DocumentSnapshot) => string | null)[] = [
  (person) => `credentials/${person.id}`,
  (person) => {
    // Code-request limits are keyed by a hash of number and client and expire by themselves.
    const phone = person.get('phoneNumber') as string | null | undefined;
    return phone ? `phoneVerifications/${phone}` : null;
  },
];

/** Features that keep the person's data in their own shape delete it themselves. */
export const PERSON_DATA_ERASERS: readonly ((uid: string) => Promise<void>)[] = [
  deletePushData,
  deletePasskeysOf,
];

/** Folders of the photo store that hold only the person's bytes (their profile pictures). */
export const PERSON_STORAGE_PREFIXES: readonly ((uid: string) => string)[] = [
  (uid) => `users/${uid}`,
];

/** Who asked: the person themselves, or an admin (docs/admin.md). */
export type DeletionBy = 'self' | 'admin';

export interface ErasePlan {
  by: DeletionBy;
  /** Moments the person owns that others have joined. */
  sharedMoments: SharedMomentChoice;
  /** Their entries and photos in other people's moments. */
  contributions: ContributionChoice;
}

/** The author card of entries kept after their author's account is gone. */
export const KEPT_AUTHOR_CARD: Record<DeletionBy, { firstName: string; lastName: string | null }> =
  {
    self: { firstName: FORMER_MEMBER_NAME, lastName: null },
    admin: { firstName: 'Deleted', lastName: 'account' },
  };

export const accountDeletions = db.collection('accountDeletions');

/**
 * A running deletion holds the job this long (longer than the function's 60 s limit); each
 * step renews it. A second request meanwhile is told it is in progress; after, it takes over.
 */
const LEASE_MS = 90_000;

/** The steps in order. Each only deletes or finishes what an earlier try began. */
export const ERASE_STEPS = [
  'subscription',
  'endSessions',
  'ownedMoments',
  'contributions',
  'memberships',
  'records',
  'storage',
  'audit',
  'account',
] as const;
export type EraseStep = (typeof ERASE_STEPS)[number];

interface Job {
  jobId: string;
  runId: string;
  plan: ErasePlan;
  stepsDone: string[];
}

/**
 * Starts the job, or resumes one a failed try left (its plan stands); 'busy' while one runs;
 * 'gone' when there is no job and no account (a request that lost a race to one that finished).
 */
async function claimJob(uid: string, plan: ErasePlan): Promise<Job | 'busy' | 'gone'> {
  const ref = accountDeletions.doc(uid);
  const runId = randomUUID();
  return db.runTransaction(async (tx) => {
    const [snap, person] = await Promise.all([tx.get(ref), tx.get(users.doc(uid))]);
    const leaseUntil = Timestamp.fromMillis(Date.now() + LEASE_MS);
    if (!snap.exists) {
      if (!person.exists) return 'gone';
      const jobId = randomUUID();
      tx.create(ref, {
        ...plan,
        jobId,
        runId,
        stepsDone: [],
        startedAt: FieldValue.serverTimestamp(),
        leaseUntil,
      });
      return { jobId, runId, plan, stepsDone: [] };
    }
    if ((snap.get('leaseUntil') as Timestamp).toMillis() > Date.now()) return 'busy';
    tx.update(ref, { runId, leaseUntil });
    return {
      jobId: snap.get('jobId') as string,
      runId,
      plan: {
        by: snap.get('by') as DeletionBy,
        sharedMoments: snap.get('sharedMoments') as SharedMomentChoice,
        contributions: snap.get('contributions') as ContributionChoice,
      },
      stepsDone: (snap.get('stepsDone') as string[] | undefined) ?? [],
    };
  });
}

/** Lets the next try start at once after a failure (unless another run took over meanwhile). */
async function releaseJob(uid: string, runId: string): Promise<void> {
  const ref = accountDeletions.doc(uid);
  await db.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (snap.exists && snap.get('runId') === runId) {
      tx.update(ref, { leaseUntil: Timestamp.fromMillis(0) });
    }
  });
}

/**
 * Under the emulators only: a test makes the deletion of `uid` fail right after `step` by
 * writing `emulatorFailureHooks/accountDeletion-{uid}` = {afterStep}; it fires once.
 */
async function failIfAskedForTests(uid: string, step: EraseStep): Promise<void> {
  if (!isEmulated) return;
  const hook = db.doc(`emulatorFailureHooks/accountDeletion-${uid}`);
  const snap = await hook.get();
  if (snap.get('afterStep') !== step) return;
  await hook.delete();
  throw new Error(`Injected failure after the account deletion step "${step}"`);
}

/** The journal a document of one of its subcollections belongs to. */
const journalOf = (doc: DocumentSnapshot) => doc.ref.parent.parent as DocumentReference;

/** Moments the person owns: deleted, or (if chosen, and someone else is in it) handed over. */
async function settleOwnedMoments(uid: string, plan: ErasePlan) {
  const owned = await journals.where('userId', '==', uid).select().get();
  for (const journal of owned.docs) {
    const heir = plan.sharedMoments === 'handOver' ? await handOverJournal(journal.id, uid) : null;
    if (!heir) await deleteJournal(journal.id, uid);
  }
}

/** Their entries and photos in other people's moments: removed, or kept under a card. */
async function settleContributions(uid: string, plan: ErasePlan) {
  const entries = db.collectionGroup('comments').where('userId', '==', uid);
  if (plan.contributions === 'remove') {
    const photos = await db.collectionGroup('images').where('uploadedBy', '==', uid).select().get();
    for (const photo of photos.docs) await removePhoto(journalOf(photo), photo.id);
    // An entry is removed with its replies (as its author deleting it would), others' too.
    for (const entry of (await entries.select().get()).docs) {
      await deleteEntryTree(journalOf(entry), entry.id);
    }
    return;
  }
  const card = KEPT_AUTHOR_CARD[plan.by];
  const writer = db.bulkWriter();
  const writes = (await entries.select().get()).docs.map((entry) =>
    writer
      .update(entry.ref, {
        'user.firstName': card.firstName,
        'user.lastName': card.lastName,
        'user.profilePictureUrl': null,
      })
      // An entry deleted meanwhile (code 5, not found) needs no card.
      .catch((err: { code?: number }) => {
        if (err.code !== 5) throw err;
      }),
  );
  await writer.close();
  await Promise.all(writes);
}

/** Out of every moment still listing them, as a member leaving: card, state, pending links. */
async function leaveEveryMoment(uid: string) {
  const memberOf = await journals.where('memberIds', 'array-contains', uid).select().get();
  for (const journal of memberOf.docs) {
    await db.runTransaction(async (tx) => {
      const links = await tx.get(pendingInvitesBy(journal.id, uid));
      dropMember(tx, journal.ref, uid, links);
    });
  }
}

async function deleteRecords(uid: string, person: DocumentSnapshot) {
  for (const { collection, field, group } of PERSON_KEYED_COLLECTIONS) {
    const source: Query = group ? db.collectionGroup(collection) : db.collection(collection);
    await deleteQuery(source.where(field, '==', uid));
  }
  for (const erase of PERSON_DATA_ERASERS) await erase(uid);
  const batch = db.batch();
  for (const pathOf of PERSON_KEYED_DOCUMENTS) {
    const path = person.exists ? pathOf(person) : null;
    if (path) batch.delete(db.doc(path));
  }
  await batch.commit();
}

/**
 * The Auth account, then users/{uid} (with any subcollection), then the job: until the job is
 * gone, the admin's Delete account of the person resumes it and finishes this step.
 */
async function deleteAccountItself(uid: string) {
  await auth.deleteUser(uid).catch(ignoreMissingUser);
  const userRef = users.doc(uid);
  for (const sub of await userRef.listCollections()) await db.recursiveDelete(sub);
  await userRef.delete();
  // A push trigger delivered late may have remembered a photo batch of theirs until the users
  // document went (it reads that document in its transaction): none can come after this.
  await deletePhotoBatchesOf(uid);
  await accountDeletions.doc(uid).delete();
}

function ignoreMissingUser(err: { code?: string }) {
  if (err.code !== 'auth/user-not-found') throw err;
}

export interface EraseHooks {
  /** Records that the deletion happened (once per job: `jobId` names the row). */
  audit?: (jobId: string) => Promise<void>;
}

/**
 * Deletes the account `uid` and everything keyed by them, step by step (ERASE_STEPS), recording
 * each finished step in the job. The subscription is cancelled at Stripe first (a 503 there
 * changes nothing else). A job another request is running answers 'inProgress'; a failure lets
 * the next try resume at the failed step.
 */
export async function eraseAccount(
  uid: string,
  plan: ErasePlan,
  hooks: EraseHooks = {},
): Promise<'deleted' | 'inProgress'> {
  const job = await claimJob(uid, plan);
  if (job === 'busy') return 'inProgress';
  if (job === 'gone') return 'deleted';
  const ref = accountDeletions.doc(uid);
  const run = async (step: EraseStep) => {
    const person = await users.doc(uid).get();
    switch (step) {
      case 'subscription':
        return cancelSubscriptionNow(person);
      case 'endSessions':
        // An admin's deletion also stops new sign-ins; the person's own can be retried by
        // signing in again, so their account stays enabled until it is deleted.
        if (job.plan.by === 'admin') await auth.updateUser(uid, { disabled: true });
        return revokeSessions(uid);
      case 'ownedMoments':
        return settleOwnedMoments(uid, job.plan);
      case 'contributions':
        return settleContributions(uid, job.plan);
      case 'memberships':
        return leaveEveryMoment(uid);
      case 'records':
        return deleteRecords(uid, person);
      case 'storage':
        for (const prefix of PERSON_STORAGE_PREFIXES) await photoStore.removeAll(prefix(uid));
        return;
      case 'audit':
        return hooks.audit?.(job.jobId);
      case 'account':
        return deleteAccountItself(uid);
    }
  };
  try {
    for (const step of ERASE_STEPS) {
      if (job.stepsDone.includes(step)) continue;
      await run(step).catch((err: { code?: string }) => {
        if (step === 'endSessions') return ignoreMissingUser(err);
        throw err;
      });
      if (step === 'account') break;
      await ref.update({
        stepsDone: FieldValue.arrayUnion(step),
        leaseUntil: Timestamp.fromMillis(Date.now() + LEASE_MS),
      });
      await failIfAskedForTests(uid, step);
    }
  } catch (err) {
    await releaseJob(uid, job.runId).catch(() => undefined);
    throw err;
  }
  return 'deleted';
}
