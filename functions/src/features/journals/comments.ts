// A moment's timeline entries: listing and posting. Deleting is in ./delete-comments.
//
// Posting writes no document that the other posts of the moment write too: the entry itself,
// and +1 on the state document of each other member (memberStates/{journalId}_{uid}), in one
// batch without a transaction. So twenty people posting at once never queue on one lock; the
// journal document is only read. See docs/data-model.md, "Busy moments".
import type { Comment, CommentsPage, PostedComment, StoredMember } from '@moments/shared';
import { commentFromDoc, photoRefsIn } from '@moments/shared';
import {
  FieldValue,
  Timestamp,
  type DocumentData,
  type DocumentReference,
  type DocumentSnapshot,
} from 'firebase-admin/firestore';
import { db } from '../../lib/firebase';
import { ApiError } from '../../lib/http';
import { journalRef, loadJournal, roleIn } from './access';
import { JOURNAL_ERRORS, isLater, memberStateRef, membersIn } from './model';

/** GET /api/journals/:id/comments: every entry and reply, oldest first. */
export async function listComments(journalId: string, uid: string): Promise<Comment[]> {
  const { ref, snap } = await loadJournal(journalId, uid);
  const comments = await ref.collection('comments').orderBy('createdAt').get();
  const members = membersIn(snap);
  return comments.docs.map((doc) => commentFromDoc(doc.id, doc.data() ?? {}, members));
}

/**
 * GET /api/journals/:id/comments?limit=N[&before=entryId]: the N entries before `before` (else
 * the newest N), oldest first, and the cursor for the page before them. One read more than the
 * page tells whether there is one; the cursor entry is read to start after it (by createdAt,
 * then id, as the web app's listeners page). A `before` that is not one of the moment's
 * entries is a 400.
 */
export async function listCommentsPage(
  journalId: string,
  uid: string,
  { limit, before }: { limit: number; before?: string | undefined },
): Promise<CommentsPage> {
  const { ref, snap } = await loadJournal(journalId, uid);
  let query = ref.collection('comments').orderBy('createdAt', 'desc');
  if (before) {
    const cursor = await ref.collection('comments').doc(before).get();
    if (!cursor.exists) throw new ApiError(400, JOURNAL_ERRORS.entryNotInJournal);
    query = query.startAfter(cursor);
  }
  const found = await query.limit(limit + 1).get();
  const page = found.docs.slice(0, limit).reverse();
  const members = membersIn(snap);
  return {
    entries: page.map((doc) => commentFromDoc(doc.id, doc.data() ?? {}, members)),
    earlier: found.docs.length > limit ? (page[0]?.id ?? null) : null,
  };
}

export interface NewEntry {
  /** A client-made id (entryIdSchema): posting the same id again stores nothing new. */
  id?: string;
  text: string;
  photoId?: string | null;
  parentCommentId?: string | null;
}

// gRPC status codes the Admin SDK reports on a failed commit.
const NOT_FOUND = 5;
const ALREADY_EXISTS = 6;
const codeOf = (err: unknown) => (err as { code?: unknown } | null)?.code;
/** A state document was missing: someone left meanwhile, or an old moment without them. */
const MAX_ATTEMPTS = 3;

function authorCard(uid: string, member: StoredMember | undefined) {
  return {
    id: uid,
    firstName: member?.firstName ?? null,
    lastName: member?.lastName ?? null,
    profilePictureUrl: member?.profilePictureUrl ?? null,
  };
}

function toPosted(id: string, data: DocumentData, createdAt: Timestamp): PostedComment {
  const card = (data.user ?? {}) as ReturnType<typeof authorCard>;
  return {
    id,
    text: data.text as string,
    createdAt: createdAt.toDate().toISOString(),
    photoId: (data.photoId as string | null) ?? null,
    parentCommentId: (data.parentCommentId as string | null) ?? null,
    userId: data.userId as string,
    userFirstName: card.firstName ?? null,
    userLastName: card.lastName ?? null,
    userProfilePictureUrl: card.profilePictureUrl ?? null,
  };
}

/**
 * Posts a timeline entry; every other member's badge goes up by one. A photo must be one of
 * the moment's, a parent one of its entries. The author's name and picture are copied from
 * their member card. `created` is false when the same author had already posted this `id`:
 * the stored entry is answered and nothing is written or counted again.
 *
 * The entry's createdAt is a server timestamp (the timeline's order). The badges are raised in
 * the batch that stores the entry, so they follow commit order (markViewed).
 */
export async function addComment(
  journalId: string,
  authorId: string,
  fields: NewEntry,
): Promise<{ posted: PostedComment; created: boolean }> {
  const ref = journalRef(journalId);
  const entry = fields.id
    ? ref.collection('comments').doc(fields.id)
    : ref.collection('comments').doc();
  const photoId = fields.photoId ?? null;
  const parentCommentId = fields.parentCommentId ?? null;
  for (let attempt = 1; ; attempt += 1) {
    const [snap, photo, parent] = await Promise.all([
      ref.get(),
      photoId ? ref.collection('images').doc(photoId).get() : undefined,
      parentCommentId ? ref.collection('comments').doc(parentCommentId).get() : undefined,
    ]);
    roleIn(snap, authorId);
    if (photo && !photo.exists) throw new ApiError(400, JOURNAL_ERRORS.photoNotInJournal);
    if (parent && !parent.exists) throw new ApiError(400, JOURNAL_ERRORS.parentNotInJournal);
    const others = (snap.get('memberIds') as string[]).filter((id) => id !== authorId);
    if (attempt > 1) await createMissingStates(journalId, others);
    const data = {
      userId: authorId,
      text: fields.text,
      photoId,
      parentCommentId,
      // The numbers its text names as "#photo N": the Photo Comments dialog queries them.
      photoRefs: photoRefsIn(fields.text),
      createdAt: FieldValue.serverTimestamp(),
      user: authorCard(authorId, membersIn(snap)[authorId]),
    };
    const batch = db.batch().create(entry, data);
    for (const id of others) {
      batch.update(memberStateRef(journalId, id), { newCommentsCount: FieldValue.increment(1) });
    }
    try {
      await batch.commit();
    } catch (err) {
      if (codeOf(err) === ALREADY_EXISTS) {
        return { posted: await repeated(entry, authorId), created: false };
      }
      if (codeOf(err) !== NOT_FOUND || attempt >= MAX_ATTEMPTS) throw err;
      continue;
    }
    // The stored createdAt (the server's clock), and the members as they are now.
    const [stored, now, untied] = await Promise.all([
      entry.get(),
      ref.get(),
      photoId ? untieIfPhotoGone(entry, ref.collection('images').doc(photoId)) : false,
    ]);
    const createdAt = stored.get('createdAt') as Timestamp;
    if (untied) data.photoId = null;
    await countForLateJoiners(now, [authorId, ...others], createdAt);
    return { posted: toPosted(entry.id, data, createdAt), created: true };
  }
}

/**
 * A photo deleted between the check above and the batch: its deletion unties the entries it
 * finds after deleting the photo, which may be before this entry was stored. Reading the photo
 * again after storing the entry closes the gap: one of the two always sees the other.
 */
async function untieIfPhotoGone(
  entry: DocumentReference,
  photo: DocumentReference,
): Promise<boolean> {
  if ((await photo.get()).exists) return false;
  await entry.update({ photoId: null });
  return true;
}

/** The stored entry behind a repeated client-made id, if it is the same author's. */
async function repeated(entry: DocumentReference, authorId: string): Promise<PostedComment> {
  const stored = await entry.get();
  if (stored.get('userId') !== authorId) throw new ApiError(409, JOURNAL_ERRORS.entryIdTaken);
  return toPosted(stored.id, stored.data() ?? {}, stored.get('createdAt') as Timestamp);
}

/**
 * State documents for members who have none (a moment made before they existed), so that
 * the post can count for them. Made only for members the journal lists right now.
 */
async function createMissingStates(journalId: string, uids: string[]): Promise<void> {
  if (uids.length === 0) return;
  const refs = uids.map((uid) => memberStateRef(journalId, uid));
  const found = await db.getAll(...refs);
  await Promise.all(
    found.flatMap((doc, i) =>
      doc.exists
        ? []
        : [
            refs[i]!.create({
              journalId,
              userId: uids[i],
              isPinned: false,
              newCommentsCount: 0,
              lastViewedAt: null,
            }).catch((err: unknown) => {
              if (codeOf(err) !== ALREADY_EXISTS) throw err;
            }),
          ],
    ),
  );
}

/**
 * Someone who joined between this post's read of the journal and its commit was not counted,
 * yet the entry is newer than their joining: count it for them now. `snap` is the journal read
 * after the commit, which is sure to see them.
 */
async function countForLateJoiners(
  snap: DocumentSnapshot,
  counted: string[],
  createdAt: Timestamp,
): Promise<void> {
  const members = membersIn(snap);
  const late = ((snap.get('memberIds') as string[] | undefined) ?? []).filter((uid) => {
    const addedAt = members[uid]?.addedAt;
    return !counted.includes(uid) && isLater(createdAt, addedAt);
  });
  await Promise.all(
    late.map((uid) =>
      memberStateRef(snap.id, uid)
        .update({ newCommentsCount: FieldValue.increment(1) })
        .catch((err: unknown) => {
          if (codeOf(err) !== NOT_FOUND) throw err; // they left again
        }),
    ),
  );
}
