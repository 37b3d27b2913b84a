// A moment's members: the list the share dialog shows, and the owner removing someone.
// Leaving is leaveJournal in ../journals/journals.
import type { Collaborator, StoredMember } from '@moments/shared';
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import { db } from '../../lib/firebase';
import { ApiError } from '../../lib/http';
import {
  collaboratorsOf,
  dropMember,
  journalRef,
  loadJournal,
  membersIn,
  pendingInvitesBy,
  roleIn,
} from '../journals';
import { SHARING_ERRORS } from './invites';

function addedAtMillis(entry: StoredMember | undefined): number {
  return entry?.addedAt instanceof Timestamp ? entry.addedAt.toMillis() : 0;
}

/** GET /api/journals/:id/members (any member): the owner first, then by when they joined. */
export async function listMembers(journalId: string, uid: string): Promise<Collaborator[]> {
  const { snap } = await loadJournal(journalId, uid);
  const members = membersIn(snap);
  const rank = (c: Collaborator) => (c.role === 'owner' ? 0 : 1);
  return collaboratorsOf(members).sort(
    (a, b) => rank(a) - rank(b) || addedAtMillis(members[a.id]) - addedAtMillis(members[b.id]),
  );
}

/**
 * DELETE /api/journals/:id/members/:userId (owner only, not themselves). The person loses the
 * moment at once: every call, photo and rules read checks memberIds. Their pending links are
 * revoked, and `removed.{uid}` keeps them from rejoining through a link made before now.
 */
export async function removeMember(
  journalId: string,
  uid: string,
  memberId: string,
): Promise<void> {
  const ref = journalRef(journalId);
  await db.runTransaction(async (tx) => {
    const [snap, links] = await Promise.all([
      tx.get(ref),
      tx.get(pendingInvitesBy(journalId, memberId)),
    ]);
    if (roleIn(snap, uid) !== 'owner') throw new ApiError(403, SHARING_ERRORS.ownerOnlyRemove);
    if (memberId === uid) throw new ApiError(400, SHARING_ERRORS.ownerCannotBeRemoved);
    if (!(snap.get('memberIds') as string[]).includes(memberId)) {
      throw new ApiError(404, SHARING_ERRORS.memberNotFound);
    }
    dropMember(tx, ref, memberId, links, {
      [`removed.${memberId}`]: FieldValue.serverTimestamp(),
    });
  });
}
