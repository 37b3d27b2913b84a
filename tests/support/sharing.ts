// Invite links for browser and API tests: made through the API as a member would, and found
// in Firestore by the hash of their token (docs/data-model.md, invites). Also the sharing
// calls and answers the API tests of sharing (tests/api/sharing-*.test.ts) have in common.
import { createHash } from 'node:crypto';
import {
  INVITE_MESSAGES,
  type AcceptInviteResponse,
  type InviteLink,
  type InvitePreview,
  type Journal,
  type SignInResponse,
} from '@moments/shared';
import { Timestamp } from 'firebase-admin/firestore';
import { ApiClient } from './api';
import { adminDb } from './emulators';
import type { SignedIn } from './moments';

/** POST /api/journals/:id/invites; throws unless it answers 201. */
export async function createInviteLink(
  client: ApiClient,
  journalId: string,
  targetPhoneNumber?: string,
): Promise<InviteLink> {
  const res = await client.post<InviteLink>(
    `/api/journals/${journalId}/invites`,
    targetPhoneNumber ? { targetPhoneNumber } : {},
  );
  if (res.status !== 201) throw new Error(`create invite answered ${res.status}`);
  return res.body;
}

/** The path of a link (`/invite/<token>`), to open against the test's own base URL. */
export function invitePath(url: string): string {
  return new URL(url).pathname;
}

export function tokenOf(url: string): string {
  return invitePath(url).split('/').pop() ?? '';
}

/** An invite's id: the SHA-256 of its token, so that only the link holds the token. */
export function inviteIdOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The invite's document: its id is the SHA-256 of the token. */
export function inviteDoc(token: string) {
  return adminDb.doc(`invites/${inviteIdOf(token)}`);
}

/** Sets a link's expiry into the past, as if its 14 days had gone by. */
export async function expireInvite(link: InviteLink): Promise<void> {
  await adminDb.doc(`invites/${link.id}`).update({
    expiresAt: Timestamp.fromMillis(Date.now() - 1000),
  });
}

/** POST /api/journals/:id/accept-invite, with the token or (for a targeted link) without. */
export function acceptInvite(client: ApiClient, journalId: string, inviteToken?: string) {
  return client.post<AcceptInviteResponse>(
    `/api/journals/${journalId}/accept-invite`,
    inviteToken === undefined ? {} : { inviteToken },
  );
}

/** The public preview of a link, asked by someone not signed in. */
export function previewInvite(token: string) {
  return new ApiClient().post<InvitePreview>('/api/invites/preview', { token });
}

/**
 * A cover URL names the invite by its id (the token's sha256), never by the token, and the
 * cover by a version (any here: the link is checked first).
 */
export function inviteCoverPath(token: string, version = 'any-version'): string {
  return `/api/invites/covers/${inviteIdOf(token)}/${version}`;
}

/** accept-invite's answer when the caller joined (or was already in). */
export function joined(alreadyHadAccess = false): AcceptInviteResponse {
  return {
    success: true,
    inviteFound: true,
    message: alreadyHadAccess ? INVITE_MESSAGES.alreadyMember : INVITE_MESSAGES.accepted,
    alreadyHadAccess,
  };
}

/** accept-invite's answer when the link does not let the caller in. */
export function refused(message: string, inviteFound = true): AcceptInviteResponse {
  return { success: false, inviteFound, message, alreadyHadAccess: false };
}

/** Whether the moment is in the person's list. */
export async function isMember(person: SignedIn, journalId: string): Promise<boolean> {
  const res = await person.client.get<Journal[]>('/api/journals');
  return res.body.some((j) => j.id === journalId);
}

/** The invite flow's profile step for someone without an account (no code: skipVerification). */
export function inviteSignup(
  client: ApiClient,
  fields: { phoneNumber: string; journalId: string; inviteToken: string; lastName?: string },
) {
  return client.post<SignInResponse>('/api/auth/signup', {
    firstName: 'Nina',
    lastName: '',
    email: '',
    termsAccepted: true,
    skipVerification: true,
    ...fields,
  });
}

/** The user document that holds a phone number, if any. */
export async function accountOf(phoneNumber: string) {
  const found = await adminDb.collection('users').where('phoneNumber', '==', phoneNumber).get();
  return found.docs[0];
}
