// Using an invite link, for whoever holds one: the public preview and cover, the sign-up
// check of the invite flow, and accepting. Making, listing and revoking links is in ./invites.
import { createHash } from 'node:crypto';
import type { AcceptInviteResponse, InvitePreview } from '@moments/shared';
import { INVITE_MESSAGES, inviteTokenSchema } from '@moments/shared';
import { FieldValue, Timestamp, type DocumentSnapshot } from 'firebase-admin/firestore';
import { countInviteAccepted } from '../admin';
import { db } from '../../lib/firebase';
import { ApiError } from '../../lib/http';
import { toIso, users } from '../auth';
import { invites, journalRef, journals, memberWrites, readStoredVariant } from '../journals';
import {
  INVITE_ID,
  REFUSALS,
  SHARING_ERRORS,
  alive,
  hashToken,
  inviterName,
  recordExpiry,
  statusOf,
} from './invites';

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
    coverUrl: inviteCoverUrl(invite.id, journal),
    targeted: Boolean(invite.get('targetPhoneNumber')),
    expiresAt: toIso(invite.get('expiresAt')),
  };
}

/**
 * Whether `uid` was removed from the moment after this link was made: the link cannot let them
 * back in (accepting refuses), so it shows them nothing of the moment either.
 */
function removedSinceLink(journal: DocumentSnapshot, invite: DocumentSnapshot, uid: string) {
  if ((journal.get('memberIds') as string[] | undefined)?.includes(uid)) return false;
  const removedAt = journal.get(`removed.${uid}`) as Timestamp | undefined;
  return (
    removedAt !== undefined &&
    (invite.get('createdAt') as Timestamp).toMillis() <= removedAt.toMillis()
  );
}

/**
 * The cover a moment has now: its photo and turn, which together name immutable bytes, and a
 * version that stands for them in the public cover URL without giving the photo's id away.
 */
function coverOf(journal: DocumentSnapshot) {
  const imageId = journal.get('coverImageId') as string | null;
  if (!imageId) return null;
  const rotation = (journal.get('cover.rotation') as number | undefined) ?? 0;
  const version = createHash('sha256')
    .update(`${journal.id}/${imageId}/${rotation}`)
    .digest('base64url')
    .slice(0, 22);
  return { imageId, rotation, version };
}

/** /api/invites/covers/:inviteId/:version: a new URL whenever the cover or its turn changes. */
function inviteCoverUrl(inviteId: string, journal: DocumentSnapshot): string | null {
  const cover = coverOf(journal);
  return cover ? `/api/invites/covers/${inviteId}/${cover.version}` : null;
}

/**
 * GET /api/invites/covers/:inviteId/:version: the cover's thumbnail, while the link works and
 * only while the cover is what `version` names (an older URL is a 404, never other bytes). It
 * needs no session (the invite page shows it before sign-in), but a session of someone removed
 * from the moment since the link was made is refused, as accepting that link would be.
 */
export async function inviteCover(
  inviteId: string,
  version: string,
  callerUid?: string,
): Promise<Buffer> {
  const { invite, journal } = await openInviteById(inviteId);
  if (callerUid && removedSinceLink(journal, invite, callerUid)) {
    throw new ApiError(410, INVITE_MESSAGES.revoked);
  }
  const cover = coverOf(journal);
  if (!cover) throw new ApiError(404, SHARING_ERRORS.noCover);
  if (cover.version !== version) throw new ApiError(404, SHARING_ERRORS.coverChanged);
  return readStoredVariant(journal.id, cover.imageId, 'thumb', cover.rotation);
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
    if (removedSinceLink(journal, invite, uid)) return answer(false, true, INVITE_MESSAGES.revoked);

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
