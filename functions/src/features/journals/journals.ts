// A moment as a whole: list, read, create, edit, and each member's own pin, view and leaving.
// Photos are in ./images, entries in ./comments and ./delete-comments, deletion in ./delete.
import type { Journal, MemberRole, PhotoIndexAnswer, UpdateJournalInput } from '@moments/shared';
import {
  JOURNALS_PAGE_SIZE,
  MOMENT_FIRST_PHOTOS,
  imagesFromPhotoIndex,
  isVisibleTo,
  journalFromDoc,
  journalAnswerSchema,
  journalListFromDocs,
  markedStates,
  photoIndexAnswerSchema,
  photoIndexFields,
  type StoredMemberState,
} from '@moments/shared';
import {
  FieldPath,
  FieldValue,
  Timestamp,
  type DocumentSnapshot,
  type Transaction,
} from 'firebase-admin/firestore';
import { db } from '../../lib/firebase';
import { ApiError } from '../../lib/http';
import { journalRef, loadJournal, roleIn } from './access';
import { firstPhoto } from './images';
import { PHOTO_REFS_FIELD, backfillPhotoRefs } from './photo-refs-backfill';
import {
  JOURNAL_ERRORS,
  coverFields,
  dropMember,
  isLater,
  journals,
  membersIn,
  memberStateRef,
  memberStates,
  memberWrites,
  pendingInvitesBy,
  photoIndexRef,
  readPhotoIndex,
  toImage,
  writePhotoIndex,
} from './model';

/**
 * GET /api/journals: a page of the caller's moments with their pins and badges, the same list
 * the home page's listeners make (docs/data-model.md, "The home list in pages"). Without a
 * cursor, the first page: the pinned moments and the newest JOURNALS_PAGE_SIZE; with one (a
 * moment's id), the next JOURNALS_PAGE_SIZE after that moment. Reads the page, the caller's marked states (pinned or with
 * new entries) and, on the first page, the pinned moments it does not hold: never all of them.
 */
export async function listJournals(uid: string, after?: string): Promise<Journal[]> {
  let page = journals
    .where('memberIds', 'array-contains', uid)
    .orderBy('createdAt', 'desc')
    .orderBy(FieldPath.documentId(), 'desc');
  if (after !== undefined) {
    // The cursor must be one of the caller's moments: nobody learns where another's would be.
    const cursor = await journals.doc(after).get();
    if (!isVisibleTo(cursor.data() ?? {}, uid)) throw new ApiError(404, JOURNAL_ERRORS.notFound);
    page = page.startAfter(cursor);
  }
  const mine = memberStates.where('userId', '==', uid);
  const [snap, pinned, withNewEntries] = await Promise.all([
    page.limit(JOURNALS_PAGE_SIZE).get(),
    mine.where('isPinned', '==', true).get(),
    mine.where('newCommentsCount', '>', 0).get(),
  ]);
  const states = markedStates(
    pinned.docs.map((d) => d.data() as StoredMemberState),
    withNewEntries.docs.map((d) => d.data() as StoredMemberState),
  );
  const docs = snap.docs.map((d) => ({ id: d.id, data: d.data() }));
  if (after === undefined) {
    const held = new Set(docs.map((doc) => doc.id));
    const olderPinned = pinned.docs
      .map((d) => (d.data() as StoredMemberState).journalId)
      .filter((id): id is string => typeof id === 'string' && !held.has(id));
    if (olderPinned.length > 0) {
      const pinnedSnaps = await db.getAll(...olderPinned.map((id) => journals.doc(id)));
      for (const d of pinnedSnaps) if (d.exists) docs.push({ id: d.id, data: d.data() ?? {} });
    }
  }
  // journalListFromDocs keeps only moments the caller may see (a pinned one left meanwhile).
  return journalListFromDocs(docs, uid, states);
}

/**
 * The caller's moment, their state and every photo in display order, from the photo index (one
 * read however many photos). A moment from before the index gets it now, built from its photo
 * records once, in a transaction like every other write of it; one whose entries may lack
 * `photoRefs` gets them (backfillPhotoRefs). 404 for anyone else, before anything is written.
 */
async function readMoment(journalId: string, uid: string) {
  const ref = journalRef(journalId);
  const [snap, index, state] = await Promise.all([
    ref.get(),
    photoIndexRef(ref).get(),
    memberStateRef(journalId, uid).get(),
  ]);
  roleIn(snap, uid);
  const [images] = await Promise.all([
    index.exists
      ? imagesFromPhotoIndex(journalId, index.data())
      : db.runTransaction(async (tx) => {
          const { images: built, stored } = await readPhotoIndex(tx, ref);
          if (!stored) writePhotoIndex(tx, ref, built);
          return built;
        }),
    // Entries from before `photoRefs` get it on the moment's first read by a member, as the index.
    snap.get(PHOTO_REFS_FIELD) === true ? undefined : backfillPhotoRefs(ref),
  ]);
  return { snap, state, images };
}

/**
 * GET /api/journals/:id: the journal with its first MOMENT_FIRST_PHOTOS photos in display order
 * and `photoCount`, so the answer stays the same size however big the moment grows; the rest are
 * in the photo index (getPhotoIndex, and the page's listener).
 */
export async function getJournal(journalId: string, uid: string): Promise<Journal> {
  const { snap, state, images } = await readMoment(journalId, uid);
  const first = images.slice(0, MOMENT_FIRST_PHOTOS);
  return journalAnswerSchema.parse(
    journalFromDoc(snap.id, snap.data() ?? {}, uid, first, state.data(), images.length),
  );
}

/** GET /api/journals/:id/photo-index: every photo in display order, one string each. */
export async function getPhotoIndex(journalId: string, uid: string): Promise<PhotoIndexAnswer> {
  const { images } = await readMoment(journalId, uid);
  return photoIndexAnswerSchema.parse(photoIndexFields(images));
}

/** Creates a moment owned by `ownerId`; returns its id. */
export async function createJournal(
  ownerId: string,
  fields: { title: string; content?: string | null },
): Promise<string> {
  const owner = await db.doc(`users/${ownerId}`).get();
  const ref = journals.doc();
  const now = FieldValue.serverTimestamp();
  const { entry, stateRef, state } = memberWrites(ref.id, owner, 'owner');
  const batch = db.batch();
  batch.set(ref, {
    userId: ownerId,
    title: fields.title,
    content: fields.content ?? null,
    coverImageId: null,
    cover: null,
    photoCount: 0,
    nextPhotoSeq: 1,
    // Every entry it will hold is posted with its photoRefs: nothing to backfill.
    [PHOTO_REFS_FIELD]: true,
    memberIds: [ownerId],
    members: { [ownerId]: entry },
    createdAt: now,
    updatedAt: now,
  });
  batch.set(stateRef, state);
  await batch.commit();
  return ref.id;
}

/** Adds a member (a no-op for someone already in); returns whether they were already in. */
export async function addMember(
  journalId: string,
  uid: string,
  role: MemberRole = 'contributor',
): Promise<boolean> {
  const user = await db.doc(`users/${uid}`).get();
  return db.runTransaction(async (tx) => {
    const ref = journals.doc(journalId);
    const snap = await tx.get(ref);
    if (!snap.exists || snap.get('deletedAt')) throw new ApiError(404, JOURNAL_ERRORS.notFound);
    if ((snap.get('memberIds') as string[]).includes(uid)) return true;
    const { entry, stateRef, state } = memberWrites(journalId, user, role);
    tx.update(ref, {
      memberIds: FieldValue.arrayUnion(uid),
      [`members.${uid}`]: entry,
      updatedAt: FieldValue.serverTimestamp(),
    });
    tx.set(stateRef, state);
    return false;
  });
}

/**
 * PATCH /api/journals/:id. `isPinned` is the caller's own pin (any member), kept in their
 * state document; title, content and coverImageId are the owner's. A null coverImageId drops
 * the owner's choice: the first photo in display order becomes the cover.
 */
export async function updateJournal(
  journalId: string,
  uid: string,
  input: UpdateJournalInput,
): Promise<void> {
  const { isPinned, title, content, coverImageId } = input;
  const edits = title !== undefined || content !== undefined || coverImageId !== undefined;
  if (!edits && isPinned === undefined) throw new ApiError(400, JOURNAL_ERRORS.nothingToUpdate);
  const ref = journalRef(journalId);
  if (!edits) {
    // A pin changes only the caller's state: no transaction, nothing every member reads.
    await loadJournal(journalId, uid);
    await memberStateRef(journalId, uid).set({ journalId, userId: uid, isPinned }, { merge: true });
    return;
  }
  await db.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (roleIn(snap, uid) !== 'owner') throw new ApiError(403, JOURNAL_ERRORS.ownerOnlyEdit);
    const update: Record<string, unknown> = { updatedAt: FieldValue.serverTimestamp() };
    if (coverImageId === null) {
      Object.assign(update, coverFields(await firstPhoto(tx, ref)));
    } else if (coverImageId !== undefined) {
      const image = await tx.get(ref.collection('images').doc(coverImageId));
      if (!image.exists) throw new ApiError(400, JOURNAL_ERRORS.coverNotInJournal);
      Object.assign(update, coverFields(toImage(image)));
    }
    if (title !== undefined) update.title = title;
    if (content !== undefined) update.content = content;
    tx.update(ref, update);
    if (isPinned !== undefined) {
      tx.set(memberStateRef(journalId, uid), { journalId, userId: uid, isPinned }, { merge: true });
    }
  });
}

/** A late view counts at most this many newer entries as unseen. */
const LATE_ENTRIES_COUNTED = 1000;

/**
 * POST /api/journals/:id/view: clears the caller's badge and records when they looked, in
 * one write to their own state document. Every post by someone else raises the badge in the
 * batch that stores the entry, so Firestore orders each post before the view (seen, cleared)
 * or after it (unseen, counted). That order is the entries' commit times, not their
 * `createdAt`: a server timestamp is taken when a request starts, so a post can carry a time
 * before a view it commits after. The view therefore keeps `seenThrough`, the time its read of
 * the state document was made: with the document locked by this transaction, a post committed
 * by then has raised the badge being cleared, and one committed later cannot have (see
 * unseenBy). lastViewedAt is the person's "when I looked", for the answer and notifications.
 *
 * `through` names the newest entry by someone else the person was shown (null: none). A view
 * arrives late when it waited in the outbox, or was on its way as the person left the moment:
 * entries by others newer than that one stay counted, and seenThrough becomes that entry's
 * commit (the person's join, for null); a view that would count as many as the badge holds, or
 * more, changes neither. Without `through` the whole badge is cleared.
 */
export async function markViewed(
  journalId: string,
  uid: string,
  through?: string | null,
): Promise<string> {
  const ref = journalRef(journalId);
  const state = memberStateRef(journalId, uid);
  // With the membership check in the same transaction, a person removed meanwhile gets no
  // state document back (the journal is only read: posts do not write it, so it is not hot).
  await db.runTransaction(async (tx) => {
    const [journal, current, shown] = await Promise.all([
      tx.get(ref),
      tx.get(state),
      through ? tx.get(ref.collection('comments').doc(through)) : undefined,
    ]);
    roleIn(journal, uid);
    const late =
      through === undefined || shown?.exists === false
        ? undefined
        : await unseenSince(tx, journal, uid, shown);
    // A view older than one already applied (it left earlier, landed later) finds at least as
    // many unseen as the badge holds: it clears nothing, so the badge and seenThrough stay.
    const counted = (current.get('newCommentsCount') as number | undefined) ?? 0;
    const stale = late !== undefined && late.count >= counted;
    tx.set(
      state,
      {
        journalId,
        userId: uid,
        lastViewedAt: FieldValue.serverTimestamp(),
        ...(stale
          ? {}
          : {
              newCommentsCount: late?.count ?? 0,
              seenThrough: late?.count ? late.seenThrough : current.readTime,
            }),
      },
      { merge: true },
    );
  });
  // The stored time (another view may have landed since: either is when the caller looked);
  // none when the person was removed right after.
  const stored = (await state.get()).get('lastViewedAt') as Timestamp | undefined;
  if (!stored) throw new ApiError(404, JOURNAL_ERRORS.notFound);
  return stored.toDate().toISOString();
}

/**
 * The entries by others newer than `shown` (or than the person's joining, without it), which
 * the person has not been shown, and the commit time up to which they saw everything.
 */
async function unseenSince(
  tx: Transaction,
  journal: DocumentSnapshot,
  uid: string,
  shown: DocumentSnapshot | undefined,
): Promise<{ count: number; seenThrough: unknown } | undefined> {
  const addedAt = membersIn(journal)[uid]?.addedAt;
  const since = shown ? shown.get('createdAt') : addedAt;
  if (!(since instanceof Timestamp)) return undefined;
  const newer = await tx.get(
    journal.ref
      .collection('comments')
      .where('createdAt', '>', since)
      .orderBy('createdAt')
      .select('userId', 'createdAt')
      .limit(LATE_ENTRIES_COUNTED),
  );
  const count = newer.docs.filter(
    (entry) => entry.get('userId') !== uid && isLater(entry.get('createdAt'), addedAt),
  ).length;
  return { count, seenThrough: shown ? shown.createTime : addedAt };
}

/**
 * POST /api/journals/:id/leave: a contributor stops being a member; the owner cannot. The
 * links they made stop working too.
 */
export async function leaveJournal(journalId: string, uid: string): Promise<void> {
  const ref = journalRef(journalId);
  await db.runTransaction(async (tx) => {
    const [snap, links] = await Promise.all([
      tx.get(ref),
      tx.get(pendingInvitesBy(journalId, uid)),
    ]);
    if (roleIn(snap, uid) === 'owner') throw new ApiError(400, JOURNAL_ERRORS.ownerCannotLeave);
    dropMember(tx, ref, uid, links);
  });
}
