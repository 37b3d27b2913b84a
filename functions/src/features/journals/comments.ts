// A moment's timeline entries (SPEC section 3, comments). Posting is addComment in ./journals.
import type { Comment } from '@moments/shared';
import { commentFromDoc, idSchema } from '@moments/shared';
import { Timestamp, type DocumentReference, type DocumentSnapshot } from 'firebase-admin/firestore';
import { DELETE_BATCH_SIZE } from '../../lib/batch-delete';
import { db } from '../../lib/firebase';
import { ApiError } from '../../lib/http';
import { loadJournal } from './journals';
import { JOURNAL_ERRORS, type MemberEntry } from './model';

/** An entry as the API answers it (the mapper the web app's live reads use too). */
function toComment(doc: DocumentSnapshot, members: Record<string, MemberEntry>): Comment {
  return commentFromDoc(doc.id, doc.data() ?? {}, members);
}

/** GET /api/journals/:id/comments: every entry and reply, oldest first. */
export async function listComments(journalId: string, uid: string): Promise<Comment[]> {
  const { ref, snap } = await loadJournal(journalId, uid);
  const comments = await ref.collection('comments').orderBy('createdAt').get();
  const members = (snap.get('members') ?? {}) as Record<string, MemberEntry>;
  return comments.docs.map((doc) => toComment(doc, members));
}

/**
 * DELETE /api/journals/:id/comments/:commentId (author or owner), with its replies and theirs.
 * Replies go first, so a failure midway leaves the entry in place to delete again; each chunk
 * lowers the badges of the members who had not seen its entries (see unseenBy).
 */
export async function deleteComment(
  journalId: string,
  uid: string,
  commentId: string,
): Promise<void> {
  const { ref: journal, role } = await loadJournal(journalId, uid);
  if (!idSchema.safeParse(commentId).success) {
    throw new ApiError(404, JOURNAL_ERRORS.entryNotFound);
  }
  const comments = journal.collection('comments');
  const comment = await comments.doc(commentId).get();
  if (!comment.exists) throw new ApiError(404, JOURNAL_ERRORS.entryNotFound);
  if (role !== 'owner' && comment.get('userId') !== uid) {
    throw new ApiError(403, JOURNAL_ERRORS.ownEntriesOnly);
  }

  const replies: DocumentReference[] = [];
  let level = [commentId];
  while (level.length > 0) {
    const found = await Promise.all(
      level.map((id) => comments.where('parentCommentId', '==', id).select().get()),
    );
    const next = found.flatMap((snap) => snap.docs.map((d) => d.ref));
    replies.push(...next);
    level = next.map((ref) => ref.id);
  }
  const ordered = [...replies.reverse(), comment.ref];
  for (let i = 0; i < ordered.length; i += DELETE_BATCH_SIZE) {
    await deleteEntries(journal, ordered.slice(i, i + DELETE_BATCH_SIZE));
  }
}

const millis = (value: unknown) => (value instanceof Timestamp ? value.toMillis() : 0);

/**
 * Whether `member` had not seen an entry yet, i.e. it is counted in their new-comments badge:
 * posted by someone else, after they joined (members[uid].addedAt) and after their last view
 * (views/{uid}.lastViewedAt). That mirrors how the badge grows (addComment: +1 for every
 * other member) and is cleared (markViewed: 0 and lastViewedAt = now).
 */
export function unseenBy(
  entry: { userId: unknown; createdAt: unknown },
  member: { uid: string; addedAt: unknown; lastViewedAt: unknown },
): boolean {
  if (entry.userId === member.uid) return false;
  const seenUntil = Math.max(millis(member.addedAt), millis(member.lastViewedAt));
  return millis(entry.createdAt) > seenUntil;
}

/**
 * Deletes up to DELETE_BATCH_SIZE entries in one transaction and, in the same transaction,
 * takes each unseen one off the badge of every member who had not seen it (never below 0).
 * Entries already gone (a concurrent delete) count for nothing.
 */
async function deleteEntries(journal: DocumentReference, refs: DocumentReference[]) {
  await db.runTransaction(async (tx) => {
    const snap = await tx.get(journal);
    const members = (snap.get('members') ?? {}) as Record<
      string,
      MemberEntry & { addedAt?: unknown }
    >;
    const memberIds = (snap.get('memberIds') as string[] | undefined) ?? [];
    const [entries, views] = await Promise.all([
      tx.getAll(...refs),
      memberIds.length
        ? tx.getAll(...memberIds.map((id) => journal.collection('views').doc(id)))
        : Promise.resolve([]),
    ]);
    const existing = entries.filter((e) => e.exists);
    const update: Record<string, number> = {};
    memberIds.forEach((id, i) => {
      const member = {
        uid: id,
        addedAt: members[id]?.addedAt,
        lastViewedAt: views[i]?.get('lastViewedAt'),
      };
      const unseen = existing.filter((e) =>
        unseenBy({ userId: e.get('userId'), createdAt: e.get('createdAt') }, member),
      ).length;
      const count = members[id]?.newCommentsCount ?? 0;
      if (unseen > 0 && count > 0) {
        update[`members.${id}.newCommentsCount`] = Math.max(0, count - unseen);
      }
    });
    for (const entry of existing) tx.delete(entry.ref);
    if (Object.keys(update).length > 0) tx.update(journal, update);
  });
}
