// A moment's timeline entries (SPEC section 3, comments). Posting is addComment in ./journals.
import type { Comment } from '@moments/shared';
import { commentFromDoc, idSchema } from '@moments/shared';
import type { DocumentReference, DocumentSnapshot } from 'firebase-admin/firestore';
import { deleteRefs } from '../../lib/batch-delete';
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
 * Replies go first, so a failure midway leaves the entry in place to delete again.
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
  await deleteRefs(replies.reverse());
  await comment.ref.delete();
}
