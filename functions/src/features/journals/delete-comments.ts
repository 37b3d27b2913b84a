// Deleting an entry with its replies, and taking them off the badges of those who had not seen
// them yet.
import { idSchema } from '@moments/shared';
import type { DocumentReference } from 'firebase-admin/firestore';
import { DELETE_BATCH_SIZE } from '../../lib/batch-delete';
import { db } from '../../lib/firebase';
import { ApiError } from '../../lib/http';
import { loadJournal } from './access';
import { JOURNAL_ERRORS, isLater, memberStateRef, membersIn } from './model';

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
  await deleteEntryTree(journal, commentId);
}

/**
 * Deletes an entry with its replies and theirs, with no access check (deleteComment's, or an
 * account being deleted). Replies go first, so a failure midway leaves the entry in place to
 * delete again; an entry already gone is nothing to do.
 */
export async function deleteEntryTree(journal: DocumentReference, commentId: string) {
  const comments = journal.collection('comments');
  const comment = await comments.doc(commentId).get();
  if (!comment.exists) return;
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

/**
 * Whether `member` had not seen an entry yet, i.e. it is counted in their badge: posted by
 * someone else, after they joined (members[uid].addedAt) and committed after their last view
 * cleared the badge (seenThrough of their state document; markViewed says why not createdAt).
 * A state last viewed before seenThrough existed has only lastViewedAt, compared with createdAt.
 */
export function unseenBy(
  entry: { userId: unknown; createdAt: unknown; committedAt: unknown },
  member: { uid: string; addedAt: unknown; lastViewedAt: unknown; seenThrough: unknown },
): boolean {
  if (entry.userId === member.uid) return false;
  if (!isLater(entry.createdAt, member.addedAt)) return false;
  return member.seenThrough
    ? isLater(entry.committedAt, member.seenThrough)
    : isLater(entry.createdAt, member.lastViewedAt);
}

/**
 * Deletes up to DELETE_BATCH_SIZE entries in one transaction and, in the same transaction,
 * takes each unseen one off the badge of every member who had not seen it (never below 0).
 * Entries already gone (a concurrent delete) count for nothing. The transaction reads the
 * members' state documents, so a post or view landing meanwhile makes it run again.
 */
async function deleteEntries(journal: DocumentReference, refs: DocumentReference[]) {
  await db.runTransaction(async (tx) => {
    const snap = await tx.get(journal);
    const members = membersIn(snap);
    const memberIds = (snap.get('memberIds') as string[] | undefined) ?? [];
    const [entries, states] = await Promise.all([
      tx.getAll(...refs),
      memberIds.length
        ? tx.getAll(...memberIds.map((id) => memberStateRef(journal.id, id)))
        : Promise.resolve([]),
    ]);
    const existing = entries.filter((e) => e.exists);
    memberIds.forEach((id, i) => {
      const state = states[i];
      if (!state?.exists) return;
      const member = {
        uid: id,
        addedAt: members[id]?.addedAt,
        lastViewedAt: state.get('lastViewedAt'),
        seenThrough: state.get('seenThrough'),
      };
      const unseen = existing.filter((e) =>
        unseenBy(
          { userId: e.get('userId'), createdAt: e.get('createdAt'), committedAt: e.createTime },
          member,
        ),
      ).length;
      const count = (state.get('newCommentsCount') as number | undefined) ?? 0;
      if (unseen > 0 && count > 0) {
        tx.update(state.ref, { newCommentsCount: Math.max(0, count - unseen) });
      }
    });
    for (const entry of existing) tx.delete(entry.ref);
  });
}
