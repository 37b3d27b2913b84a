// Invite links for browser and API tests: made through the API as a member would, and found
// in Firestore by the hash of their token (docs/data-model.md, invites).
import { createHash } from 'node:crypto';
import type { InviteLink } from '@moments/shared';
import type { ApiClient } from './api';
import { adminDb } from './emulators';

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

/** The invite's document: its id is the SHA-256 of the token. */
export function inviteDoc(token: string) {
  return adminDb.doc(`invites/${createHash('sha256').update(token).digest('hex')}`);
}
