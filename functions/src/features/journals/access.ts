// Who may touch a moment: every call on one starts here.
import type { MemberRole } from '@moments/shared';
import { idSchema } from '@moments/shared';
import type { DocumentSnapshot } from 'firebase-admin/firestore';
import { ApiError } from '../../lib/http';
import { JOURNAL_ERRORS, journals } from './model';

/**
 * The caller's role in a journal. A missing journal, one being deleted and one the caller is
 * not a member of all answer the same 404, so a moment's existence does not leak.
 */
export function roleIn(snap: DocumentSnapshot, uid: string): MemberRole {
  const memberIds = (snap.get('memberIds') as string[] | undefined) ?? [];
  if (!snap.exists || snap.get('deletedAt') || !memberIds.includes(uid)) {
    throw new ApiError(404, JOURNAL_ERRORS.notFound);
  }
  return (snap.get(`members.${uid}.role`) as MemberRole | undefined) ?? 'contributor';
}

/** The journal's document reference, for an id from a URL (anything odd is a 404). */
export function journalRef(journalId: string) {
  if (!idSchema.safeParse(journalId).success) throw new ApiError(404, JOURNAL_ERRORS.notFound);
  return journals.doc(journalId);
}

/** Reads a journal the caller is a member of; see roleIn. */
export async function loadJournal(journalId: string, uid: string) {
  const ref = journalRef(journalId);
  const snap = await ref.get();
  const role = roleIn(snap, uid);
  return { ref, snap, role };
}
