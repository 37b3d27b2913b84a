// Invite links (docs/data-model.md, invites). Any member makes one, optionally for one phone
// number; its token is answered once and stored only as its SHA-256, the document id, so a
// leaked database holds no working link. Using a link (preview, accepting) is in
// ./invite-use; routes are in ./routes.
import { createHash, randomBytes } from 'node:crypto';
import type { InviteLink, InviteStatus, PendingInvite, StoredMember } from '@moments/shared';
import { INVITE_LIFETIME_DAYS, INVITE_MESSAGES } from '@moments/shared';
import { FieldValue, Timestamp, type DocumentSnapshot } from 'firebase-admin/firestore';
import { db } from '../../lib/firebase';
import { ApiError } from '../../lib/http';
import { toIso } from '../auth';
import { invites, journalRef, roleIn } from '../journals';

/** 256 bits: far past the 128 the issue asks for, and 43 base64url characters (at most 64). */
export const INVITE_TOKEN_BYTES = 32;
const DAY_MS = 24 * 60 * 60 * 1000;
/** An invite's document id: the token's sha256, in hex. */
export const INVITE_ID = /^[0-9a-f]{64}$/;

/** What members hear when an invite call refuses them (the web shows `message`). */
export const SHARING_ERRORS = {
  inviteNotFound: 'Invite not found',
  ownInvitesOnly: 'You can only cancel invite links you created',
  ownerOnlyRemove: 'Only the owner can remove members',
  ownerCannotBeRemoved: 'The owner cannot be removed from this moment',
  memberNotFound: 'Member not found',
  noCover: 'This moment has no cover photo',
  coverChanged: 'This is no longer the cover photo',
} as const;

export function newInviteToken(): string {
  return randomBytes(INVITE_TOKEN_BYTES).toString('base64url');
}

/** The invite's document id. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A pending invite past its expiry is expired, whether or not that has been written yet. */
export function statusOf(invite: DocumentSnapshot, now = Date.now()): InviteStatus {
  const status = invite.get('status') as InviteStatus;
  const expiresAt = invite.get('expiresAt') as Timestamp;
  return status === 'pending' && expiresAt.toMillis() <= now ? 'expired' : status;
}

export const REFUSALS: Record<Exclude<InviteStatus, 'pending'>, string> = {
  revoked: INVITE_MESSAGES.revoked,
  expired: INVITE_MESSAGES.expired,
  accepted: INVITE_MESSAGES.used,
};

/**
 * Writes `expired` on a pending invite found past its expiry (expiry is lazy: nothing runs
 * at the moment a link expires). Skipped if the invite changed since it was read.
 */
export async function recordExpiry(invite: DocumentSnapshot): Promise<void> {
  if (invite.get('status') !== 'pending' || statusOf(invite) !== 'expired') return;
  await invite.ref
    .update({ status: 'expired' }, { lastUpdateTime: invite.updateTime! })
    .catch(() => undefined);
}

export function alive(journal: DocumentSnapshot): boolean {
  return journal.exists && !journal.get('deletedAt');
}

function personName(card: Partial<StoredMember> | undefined): string {
  return [card?.firstName, card?.lastName].filter(Boolean).join(' ');
}

/** The inviter's current name on the moment, else the copy taken when the link was made. */
export function inviterName(invite: DocumentSnapshot, journal: DocumentSnapshot): string {
  const card = journal.get(`members.${invite.get('inviterId')}`) as StoredMember | undefined;
  return (
    personName(card) || (invite.get('metadata.inviterName') as string | undefined) || 'Someone'
  );
}

/** POST /api/journals/:id/invites (any member). The only answer that carries the token. */
export async function createInvite(
  journalId: string,
  uid: string,
  targetPhoneNumber: string | null,
  origin: string,
): Promise<InviteLink> {
  const ref = journalRef(journalId);
  const token = newInviteToken();
  const invite = invites.doc(hashToken(token));
  const createdAt = Timestamp.now();
  const expiresAt = Timestamp.fromMillis(createdAt.toMillis() + INVITE_LIFETIME_DAYS * DAY_MS);
  await db.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    roleIn(snap, uid);
    tx.create(invite, {
      journalId,
      inviterId: uid,
      targetPhoneNumber,
      status: 'pending',
      createdAt,
      expiresAt,
      usedAt: null,
      usedByUserId: null,
      acceptedCount: 0,
      metadata: { inviterName: personName(snap.get(`members.${uid}`) as StoredMember) },
    });
  });
  return {
    id: invite.id,
    token,
    url: `${origin}/invite/${token}`,
    targetPhoneNumber,
    status: 'pending',
    createdAt: toIso(createdAt),
    expiresAt: toIso(expiresAt),
  };
}

/** GET /api/journals/:id/invites (any member): links still pending, newest first. */
export async function listInvites(journalId: string, uid: string): Promise<PendingInvite[]> {
  const ref = journalRef(journalId);
  const [journal, found] = await Promise.all([
    ref.get(),
    invites
      .where('journalId', '==', journalId)
      .where('status', '==', 'pending')
      .orderBy('createdAt', 'desc')
      .get(),
  ]);
  roleIn(journal, uid);
  const expired = found.docs.filter((d) => statusOf(d) === 'expired');
  await Promise.all(expired.map(recordExpiry));
  return found.docs
    .filter((d) => statusOf(d) === 'pending')
    .map((d) => ({
      id: d.id,
      targetPhoneNumber: (d.get('targetPhoneNumber') as string | null) ?? null,
      status: 'pending',
      createdAt: toIso(d.get('createdAt')),
      expiresAt: toIso(d.get('expiresAt')),
      inviterId: d.get('inviterId') as string,
      inviterName: inviterName(d, journal),
      acceptedCount: (d.get('acceptedCount') as number | undefined) ?? 0,
    }));
}

/**
 * DELETE /api/journals/:id/invites/:inviteId: the owner revokes any link, a contributor only
 * their own. The link stops working at once; people who joined through it stay. Revoking a
 * link that no longer works changes nothing.
 */
export async function revokeInvite(journalId: string, uid: string, inviteId: string) {
  const ref = journalRef(journalId);
  if (!INVITE_ID.test(inviteId)) throw new ApiError(404, SHARING_ERRORS.inviteNotFound);
  const inviteRef = invites.doc(inviteId);
  await db.runTransaction(async (tx) => {
    const [journal, invite] = await Promise.all([tx.get(ref), tx.get(inviteRef)]);
    const role = roleIn(journal, uid);
    if (!invite.exists || invite.get('journalId') !== journalId) {
      throw new ApiError(404, SHARING_ERRORS.inviteNotFound);
    }
    if (role !== 'owner' && invite.get('inviterId') !== uid) {
      throw new ApiError(403, SHARING_ERRORS.ownInvitesOnly);
    }
    if (statusOf(invite) !== 'pending') return;
    tx.update(inviteRef, { status: 'revoked', revokedAt: FieldValue.serverTimestamp() });
  });
}
