// Who hears about what (issue 40), run by Firestore triggers after the write, so a post never
// waits for it. Per (person, moment): the first event goes at once; further ones within
// PUSH_DIGEST_WINDOW_MS, or during the person's quiet hours, are folded into one digest that
// the sweep sends when the window has passed, counted from the person's own unseen count, and
// not at all if they opened the moment meanwhile.
import { memberStateId, PUSH_DIGEST_WINDOW_MS, type PushMessage } from '@moments/shared';
import { AggregateField, Timestamp, type DocumentSnapshot } from 'firebase-admin/firestore';
import { appOrigin } from '../../lib/app-origin';
import { db, runHotTransaction } from '../../lib/firebase';
import { journals, memberStates, membersIn } from '../journals';
import { digestMessage, eventMessage, type MessageContext, type PushEventKind } from './message';
import { isQuietAt } from './quiet-hours';
import { sendToDevices } from './send';
import { digestRef, profileOf, pushDigests, pushPhotoBatches, pushProfiles } from './store';
import { vapidDetails } from './vapid';

/** Photos by one person with less than this between them are one batch: one notification. */
export const PHOTO_BATCH_GAP_MS = 5 * 60 * 1000;

export interface JournalEvent {
  journalId: string;
  /** Who did it: never told about it. */
  authorId: string;
  kind: PushEventKind;
  text?: string;
  /** Only these people (a join tells the link's maker); by default every other member. */
  recipients?: string[];
}

const isAlive = (journal: DocumentSnapshot) => journal.exists && !journal.get('deletedAt');
const memberIdsOf = (journal: DocumentSnapshot) =>
  (journal.get('memberIds') as string[] | undefined) ?? [];

/** The person's total unseen count, for the app badge. */
async function unseenTotal(uid: string): Promise<number> {
  const sum = await memberStates
    .where('userId', '==', uid)
    .aggregate({ unseen: AggregateField.sum('newCommentsCount') })
    .get();
  return Math.max(0, Math.round(sum.data().unseen ?? 0));
}

async function contextFor(uid: string, journal: DocumentSnapshot): Promise<MessageContext> {
  return {
    journalId: journal.id,
    journalTitle: (journal.get('title') as string | undefined) ?? '',
    origin: appOrigin(),
    badge: await unseenTotal(uid),
  };
}

/**
 * Whether this photo starts a new batch of its uploader's (one notification per batch): the
 * first of several triggers racing for one batch wins in a transaction.
 */
export async function startsPhotoBatch(
  journalId: string,
  imageId: string,
  uploaderId: string,
  takenAt: Date,
) {
  const ref = pushPhotoBatches.doc(`${journalId}_${uploaderId}`);
  const photo = db.doc(`journals/${journalId}/images/${imageId}`);
  const uploader = db.doc(`users/${uploaderId}`);
  return runHotTransaction(async (tx) => {
    // A trigger delivered late, after the photo, its moment or its uploader's account was
    // deleted, leaves no record naming the uploader behind (account/erase.ts removes the
    // records once the users document is gone).
    const [photoThere, uploaderThere, batch] = await Promise.all([
      tx.get(photo),
      tx.get(uploader),
      tx.get(ref),
    ]);
    if (!photoThere.exists || !uploaderThere.exists) return false;
    const last = batch.get('lastPhotoAt') as Timestamp | undefined;
    const newer = !last || takenAt.getTime() > last.toMillis();
    if (newer) tx.set(ref, { journalId, uploaderId, lastPhotoAt: Timestamp.fromDate(takenAt) });
    return !last || Math.abs(takenAt.getTime() - last.toMillis()) >= PHOTO_BATCH_GAP_MS;
  });
}

/**
 * Decides, in a transaction on the person's digest document for this moment, whether this
 * event goes now ('send') or waits in the digest ('fold').
 */
async function sendNowOrFold(uid: string, journalId: string, quiet: boolean, now: Date) {
  const ref = digestRef(uid, journalId);
  const at = Timestamp.fromDate(now);
  return db.runTransaction(async (tx) => {
    // The profile read again in the transaction: an account deleted meanwhile (its profile
    // gone) gets no digest document written after its push data was removed.
    const [profile, digest] = await Promise.all([tx.get(pushProfiles.doc(uid)), tx.get(ref)]);
    if (!profile.exists) return 'none' as const;
    const windowStart = digest.get('windowStart') as Timestamp | undefined;
    const inWindow = windowStart && now.getTime() - windowStart.toMillis() < PUSH_DIGEST_WINDOW_MS;
    if (inWindow || quiet) {
      const start = inWindow ? windowStart : at;
      const dueAt =
        (digest.get('dueAt') as Timestamp | null | undefined) ??
        Timestamp.fromMillis(start.toMillis() + PUSH_DIGEST_WINDOW_MS);
      tx.set(ref, { userId: uid, journalId, windowStart: start, lastEventAt: at, dueAt });
      return 'fold' as const;
    }
    tx.set(ref, { userId: uid, journalId, windowStart: at, lastEventAt: at, dueAt: null });
    return 'send' as const;
  });
}

/**
 * Tells the members of a moment (never its author, never someone no longer a member, never
 * someone who muted it) about an event. Every decision is taken before anything is sent.
 */
export async function fanOut(event: JournalEvent, now = new Date()): Promise<void> {
  const vapid = vapidDetails();
  if (!vapid) return;
  const journal = await journals.doc(event.journalId).get();
  if (!isAlive(journal)) return;
  const members = memberIdsOf(journal);
  const recipients = [...new Set(event.recipients ?? members)].filter(
    (uid) => uid !== event.authorId && members.includes(uid),
  );
  if (recipients.length === 0) return;
  const profiles = await db.getAll(...recipients.map((uid) => pushProfiles.doc(uid)));
  const decided = await Promise.all(
    profiles.map(async (snap) => {
      const profile = profileOf(snap);
      if (Object.keys(profile.devices).length === 0) return null;
      if (profile.mutedJournalIds.includes(event.journalId)) return null;
      const quiet = isQuietAt(profile.quietHours, now);
      const decision = await sendNowOrFold(snap.id, event.journalId, quiet, now);
      return decision === 'send' ? { uid: snap.id, profile } : null;
    }),
  );
  // Deleted meanwhile? Its deletion marks it before it removes its digests, so a digest
  // written above either is removed by the deletion or is seen here, read after it was
  // written, and removed now (without holding a lock on the moment, which uploads write).
  if (!isAlive(await journals.doc(event.journalId).get())) {
    await Promise.all(recipients.map((uid) => digestRef(uid, event.journalId).delete()));
    return;
  }
  const authorName = membersIn(journal)[event.authorId]?.firstName ?? '';
  await Promise.all(
    decided.map(async (recipient) => {
      if (!recipient) return;
      const message = eventMessage(await contextFor(recipient.uid, journal), {
        kind: event.kind,
        authorName,
        text: event.text,
      });
      await sendToDevices(recipient.uid, recipient.profile.devices, message, vapid, now);
    }),
  );
}

/** The digest a person is owed for a moment, or null: nothing new, or they looked meanwhile. */
async function owedDigest(
  digest: DocumentSnapshot,
  journal: DocumentSnapshot,
  state: DocumentSnapshot,
): Promise<PushMessage | null> {
  const uid = digest.get('userId') as string;
  const viewedAt = state.get('lastViewedAt') as Timestamp | null | undefined;
  const lastEventAt = digest.get('lastEventAt') as Timestamp;
  if (viewedAt && viewedAt.toMillis() >= lastEventAt.toMillis()) return null;
  const since =
    viewedAt ??
    (membersIn(journal)[uid]?.addedAt as Timestamp | undefined) ??
    Timestamp.fromMillis(0);
  const photos = await journal.ref
    .collection('images')
    .where('createdAt', '>', since)
    .select('uploadedBy')
    .get();
  const counts = {
    entries: (state.get('newCommentsCount') as number | undefined) ?? 0,
    photos: photos.docs.filter((photo) => photo.get('uploadedBy') !== uid).length,
  };
  return digestMessage(await contextFor(uid, journal), counts);
}

/**
 * The digest sweep: sends each digest whose window has passed (scheduled every minute in
 * production; the tests call it with their own clock, as scheduled functions do not run
 * under the emulators). Answers how many digests were sent.
 */
export async function sweepDigests(now = new Date()): Promise<number> {
  const vapid = vapidDetails();
  if (!vapid) return 0;
  const due = await pushDigests.where('dueAt', '<=', Timestamp.fromDate(now)).limit(500).get();
  const sent = await Promise.all(
    due.docs.map(async (digest) => {
      const uid = digest.get('userId') as string;
      const journalId = digest.get('journalId') as string;
      const [profileSnap, journal, state] = await db.getAll(
        pushProfiles.doc(uid),
        journals.doc(journalId),
        memberStates.doc(memberStateId(journalId, uid)),
      );
      const profile = profileOf(profileSnap!);
      const gone =
        !isAlive(journal!) ||
        !memberIdsOf(journal!).includes(uid) ||
        profile.mutedJournalIds.includes(journalId) ||
        Object.keys(profile.devices).length === 0;
      if (gone) {
        await digest.ref.delete();
        return false;
      }
      if (isQuietAt(profile.quietHours, now)) return false; // held until the quiet hours end
      // Claimed in a transaction, so two sweeps never send the same digest twice.
      const claimed = await db.runTransaction(async (tx) => {
        const fresh = await tx.get(digest.ref);
        const dueAt = fresh.get('dueAt') as Timestamp | null | undefined;
        if (!dueAt || dueAt.toMillis() > now.getTime()) return false;
        tx.update(digest.ref, { windowStart: Timestamp.fromDate(now), dueAt: null });
        return true;
      });
      if (!claimed) return false;
      const message = await owedDigest(digest, journal!, state!);
      if (!message) return false;
      return (await sendToDevices(uid, profile.devices, message, vapid, now)) > 0;
    }),
  );
  return sent.filter(Boolean).length;
}
