// Invite links (docs/data-model.md, invites). Any member makes one, optionally for one phone
// number; its token is answered once and stored only as its SHA-256, the document id, so a
// leaked database holds no working link. Routes are in ./routes.
import { createHash, randomBytes } from 'node:crypto';
import type {
  AcceptInviteResponse,
  InviteLink,
  InvitePreview,
  InviteStatus,
  PendingInvite,
  StoredMember,
} from '@moments/shared';
import { INVITE_LIFETIME_DAYS, INVITE_MESSAGES, inviteTokenSchema } from '@moments/shared';
import { FieldValue, Timestamp, type DocumentSnapshot } from 'firebase-admin/firestore';
import { countInviteAccepted } from '../admin';
import { db } from '../../lib/firebase';
import { ApiError } from '../../lib/http';
import { toIso, users } from '../auth';
import {
  invites,
  journalRef,
  journals,
  memberWrites,
  readStoredVariant,
  roleIn,
} from '../journals';

/** 256 bits: far past the 128 the issue asks for, and 43 base64url characters (at most 64). */
export const INVITE_TOKEN_BYTES = 32;
const DAY_MS = 24 * 60 * 60 * 1000;
/** An invite's document id: the token's sha256, in hex. */
const INVITE_ID = /^[0-9a-f]{64}$/;

/** What members hear when an invite call refuses them (the web shows `message`). */
export const SHARING_ERRORS = {
  inviteNotFound: 'Invite not found',
  ownInvitesOnly: 'You can only cancel invite links you created',
  ownerOnlyRemove: 'Only the owner can remove members',
  ownerCannotBeRemoved: 'The owner cannot be removed from this moment',
  memberNotFound: 'Member not found',
  noCover: 'This moment has no cover photo',
} as const;

export function newInviteToken(): string {
  return randomBytes(INVITE_TOKEN_BYTES).toString('base64url');
}

/** The invite's document id. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A pending invite past its expiry is expired, whether or not that has been written yet. */
function statusOf(invite: DocumentSnapshot, now = Date.now()): InviteStatus {
  const status = invite.get('status') as InviteStatus;
  const expiresAt = invite.get('expiresAt') as Timestamp;
  return status === 'pending' && expiresAt.toMillis() <= now ? 'expired' : status;
}

const REFUSALS: Record<Exclude<InviteStatus, 'pending'>, string> = {
  revoked: INVITE_MESSAGES.revoked,
  expired: INVITE_MESSAGES.expired,
  accepted: INVITE_MESSAGES.used,
};

/**
 * Writes `expired` on a pending invite found past its expiry (expiry is lazy: nothing runs
 * at the moment a link expires). Skipped if the invite changed since it was read.
 */
async function recordExpiry(invite: DocumentSnapshot): Promise<void> {
  if (invite.get('status') !== 'pending' || statusOf(invite) !== 'expired') return;
  await invite.ref
    .update({ status: 'expired' }, { lastUpdateTime: invite.updateTime! })
    .catch(() => undefined);
}

function alive(journal: DocumentSnapshot): boolean {
  return journal.exists && !journal.get('deletedAt');
}

function personName(card: Partial<StoredMember> | undefined): string {
  return [card?.firstName, card?.lastName].filter(Boolean).join(' ');
}

/** The inviter's current name on the moment, else the copy taken when the link was made. */
function inviterName(invite: DocumentSnapshot, journal: DocumentSnapshot): string {
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

/**
 * A token from a link, to a usable invite and its moment: 404 for an unknown token or a
 * deleted moment, 410 with the reason for a revoked, expired or used link.
 */
async function openInvite(token: string) {
  if (!inviteTokenSchema.safeParse(token).success) {
    throw new ApiError(404, INVITE_MESSAGES.notFound);
  }
  return openInviteById(hashToken(token));
}

/** The same, by the invite's document id (the token's digest, which cannot be used to join). */
async function openInviteById(id: string) {
  if (!INVITE_ID.test(id)) throw new ApiError(404, INVITE_MESSAGES.notFound);
  const invite = await invites.doc(id).get();
  if (!invite.exists) throw new ApiError(404, INVITE_MESSAGES.notFound);
  const status = statusOf(invite);
  if (status !== 'pending') {
    await recordExpiry(invite);
    throw new ApiError(410, REFUSALS[status]);
  }
  const journal = await journals.doc(invite.get('journalId') as string).get();
  if (!alive(journal)) throw new ApiError(404, INVITE_MESSAGES.notFound);
  return { invite, journal };
}

/**
 * POST /api/invites/preview, for anyone holding the link: what the invite page shows and
 * nothing more of the moment (no content, photos, entries or members).
 */
export async function previewInvite(token: string): Promise<InvitePreview> {
  const { invite, journal } = await openInvite(token);
  return {
    journalId: journal.id,
    journalTitle: journal.get('title') as string,
    inviterName: inviterName(invite, journal),
    // By the invite's id, not the token: image URLs end up in logs and caches.
    coverUrl: journal.get('coverImageId') ? `/api/invites/covers/${invite.id}` : null,
    targeted: Boolean(invite.get('targetPhoneNumber')),
    expiresAt: toIso(invite.get('expiresAt')),
  };
}

/** GET /api/invites/covers/:inviteId: the cover's thumbnail, while the link works. */
export async function inviteCover(inviteId: string): Promise<Buffer> {
  const { journal } = await openInviteById(inviteId);
  const coverImageId = journal.get('coverImageId') as string | null;
  if (!coverImageId) throw new ApiError(404, SHARING_ERRORS.noCover);
  const rotation = (journal.get('cover.rotation') as number | undefined) ?? 0;
  return readStoredVariant(journal.id, coverImageId, 'thumb', rotation);
}

/**
 * The sign-up-by-link check (POST /api/auth/signup with skipVerification): the token must
 * open a usable, untargeted invite to `journalId`. A link for one phone number needs that
 * phone's code instead, so it only ever reaches that phone's owner.
 */
export async function assertInviteAllowsSignup(token: string, journalId: string): Promise<void> {
  const { invite } = await openInvite(token);
  if (invite.get('journalId') !== journalId) throw new ApiError(404, INVITE_MESSAGES.notFound);
  if (invite.get('targetPhoneNumber')) throw new ApiError(403, INVITE_MESSAGES.verifyPhone);
}

const answer = (
  success: boolean,
  inviteFound: boolean,
  message: string,
  alreadyHadAccess = false,
): AcceptInviteResponse => ({ success, inviteFound, message, alreadyHadAccess });

/**
 * POST /api/journals/:id/accept-invite. With a token, that link; without, a pending link for
 * the caller's (verified) phone number on this moment. Refusals are answers with success
 * false, so the client's retries and fallbacks work. A member gets alreadyHadAccess.
 *
 * - A link for one phone number is accepted only by the account with that number, and only
 *   if that account proved the number with a code; it is then used up.
 * - A link for anyone stays pending; each acceptance counts.
 * - Someone the owner removed cannot come back through a link made before the removal.
 */
export async function acceptInvite(
  journalId: string,
  uid: string,
  token: string | undefined,
): Promise<AcceptInviteResponse> {
  const ref = journalRef(journalId);
  const user = await users.doc(uid).get();
  const phoneNumber = user.get('phoneNumber') as string | undefined;
  const phoneVerified = user.get('phoneVerified') !== false;
  return db.runTransaction(async (tx) => {
    let invite: DocumentSnapshot | undefined;
    if (token) {
      invite = await tx.get(invites.doc(hashToken(token)));
    } else if (phoneNumber && phoneVerified) {
      const mine = await tx.get(
        invites
          .where('journalId', '==', journalId)
          .where('targetPhoneNumber', '==', phoneNumber)
          .where('status', '==', 'pending'),
      );
      invite = mine.docs.find((d) => statusOf(d) === 'pending') ?? mine.docs[0];
    }
    const journal = await tx.get(ref);
    const found = invite?.exists === true && invite.get('journalId') === journalId;
    if (!alive(journal)) return answer(false, false, INVITE_MESSAGES.notFound);
    if ((journal.get('memberIds') as string[]).includes(uid)) {
      return answer(true, found, INVITE_MESSAGES.alreadyMember, true);
    }
    if (!invite || !found) return answer(false, false, INVITE_MESSAGES.notFound);

    const status = statusOf(invite);
    if (status !== 'pending') {
      if (status === 'expired' && invite.get('status') === 'pending') {
        tx.update(invite.ref, { status: 'expired' });
      }
      return answer(false, true, REFUSALS[status]);
    }
    const target = invite.get('targetPhoneNumber') as string | null;
    if (target && (target !== phoneNumber || !phoneVerified)) {
      return answer(false, true, INVITE_MESSAGES.wrongPerson);
    }
    const removedAt = journal.get(`removed.${uid}`) as Timestamp | undefined;
    if (removedAt && (invite.get('createdAt') as Timestamp).toMillis() <= removedAt.toMillis()) {
      return answer(false, true, INVITE_MESSAGES.revoked);
    }

    const now = FieldValue.serverTimestamp();
    const { entry, stateRef, state } = memberWrites(journalId, user, 'contributor');
    tx.update(ref, {
      memberIds: FieldValue.arrayUnion(uid),
      [`members.${uid}`]: entry,
      updatedAt: now,
    });
    tx.set(stateRef, state);
    tx.update(invite.ref, {
      ...(target ? { status: 'accepted' } : {}),
      usedAt: now,
      usedByUserId: uid,
      acceptedCount: FieldValue.increment(1),
    });
    countInviteAccepted(tx);
    return answer(true, true, INVITE_MESSAGES.accepted);
  });
}
