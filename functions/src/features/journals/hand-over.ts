// Handing a moment to another member: its owner is deleting their account and chose to leave
// their shared moments to the people in them rather than delete them.
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import { db } from '../../lib/firebase';
import { journalRef } from './access';
import { membersIn } from './model';

/**
 * The member who joined first, other than `ownerId` (ties, e.g. two joins in one commit, by
 * uid so every run picks the same person), or undefined when nobody else is in the moment.
 */
export function longestStandingMember(
  memberIds: readonly string[],
  members: Record<string, { addedAt?: unknown }>,
  ownerId: string,
): string | undefined {
  const joined = (uid: string) => {
    const at = members[uid]?.addedAt;
    return at instanceof Timestamp ? at.toMillis() : Number.MAX_SAFE_INTEGER;
  };
  return memberIds
    .filter((uid) => uid !== ownerId)
    .sort((a, b) => joined(a) - joined(b) || (a < b ? -1 : 1))[0];
}

/**
 * Makes the longest-standing other member the owner of `journalId`, in one transaction; the old
 * owner stays a contributor (their entries and membership are dealt with as in anyone else's
 * moment). Answers the new owner, or undefined when the moment is not `ownerId`'s, is being
 * deleted, or has nobody else: then it is deleted instead.
 */
export async function handOverJournal(
  journalId: string,
  ownerId: string,
): Promise<string | undefined> {
  const ref = journalRef(journalId);
  return db.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (!snap.exists || snap.get('deletedAt') || snap.get('userId') !== ownerId) return undefined;
    const memberIds = (snap.get('memberIds') as string[] | undefined) ?? [];
    const heir = longestStandingMember(memberIds, membersIn(snap), ownerId);
    if (!heir) return undefined;
    tx.update(ref, {
      userId: heir,
      [`members.${heir}.role`]: 'owner',
      ...(memberIds.includes(ownerId) ? { [`members.${ownerId}.role`]: 'contributor' } : {}),
      updatedAt: FieldValue.serverTimestamp(),
    });
    return heir;
  });
}
