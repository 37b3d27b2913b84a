// Sharing (issue 5), invite links: a member makes, lists and revokes them; deleting a moment
// removes its links. Every refusal a caller could meet is checked here.
import type { InviteLink, PendingInvite } from '@moments/shared';
import { INVITE_LIFETIME_DAYS, INVITE_MESSAGES } from '@moments/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, expectApiUp } from '../support/api';
import { adminDb, appUrl, newPhoneNumber } from '../support/emulators';
import { newMoment, sharedMoment } from '../support/moments';
import { uploadPhoto } from '../support/photos';
import {
  acceptInvite,
  createInviteLink,
  expireInvite,
  inviteCoverPath,
  inviteIdOf,
  isMember,
  previewInvite,
  refused,
} from '../support/sharing';

const DAY_MS = 24 * 60 * 60 * 1000;

beforeAll(expectApiUp);

/** Every string anywhere in a stored document. */
function stringsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value && typeof value === 'object') return Object.values(value).flatMap(stringsIn);
  return [];
}

describe('POST /api/journals/:id/invites', () => {
  it('gives any member a 256-bit link that expires in 14 days; only its hash is stored', async () => {
    const { owner, contributor, journal } = await sharedMoment();
    for (const member of [owner, contributor]) {
      const res = await member.client.post<InviteLink>(`/api/journals/${journal.id}/invites`, {});
      expect(res.status).toBe(201);
      const link = res.body;
      // 32 random bytes in base64url: 43 characters, within the spec's 64.
      expect(link.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(link.token, 'base64url')).toHaveLength(32);
      expect(link).toEqual({
        id: inviteIdOf(link.token),
        token: link.token,
        url: `${await appUrl()}/invite/${link.token}`,
        targetPhoneNumber: null,
        status: 'pending',
        createdAt: expect.any(String),
        expiresAt: expect.any(String),
      });
      expect(Date.parse(link.expiresAt) - Date.parse(link.createdAt)).toBe(
        INVITE_LIFETIME_DAYS * DAY_MS,
      );

      const stored = await adminDb.doc(`invites/${link.id}`).get();
      expect(stored.data()).toMatchObject({
        journalId: journal.id,
        inviterId: member.user.uid,
        status: 'pending',
        acceptedCount: 0,
        usedAt: null,
        usedByUserId: null,
      });
      const all = await adminDb.collection('invites').where('journalId', '==', journal.id).get();
      for (const doc of all.docs) {
        expect(doc.id).not.toBe(link.token);
        expect(stringsIn(doc.data()).some((s) => s.includes(link.token))).toBe(false);
      }
    }
  });

  it('makes a new token every time', async () => {
    const { owner, journal } = await sharedMoment();
    const tokens = new Set<string>();
    for (let i = 0; i < 5; i++)
      tokens.add((await createInviteLink(owner.client, journal.id)).token);
    expect(tokens.size).toBe(5);
  });

  it('keeps a target phone number; a number that is not E.164 is a 400', async () => {
    const { owner, journal } = await sharedMoment();
    const target = newPhoneNumber();
    expect((await createInviteLink(owner.client, journal.id, target)).targetPhoneNumber).toBe(
      target,
    );
    const bad = await owner.client.post(`/api/journals/${journal.id}/invites`, {
      targetPhoneNumber: '555-0101',
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      message: 'Please enter a valid phone number in E.164 format (+1234567890).',
    });
  });

  it('answers 404 to a non-member and 401 to a caller who is not signed in', async () => {
    const { outsider, journal } = await sharedMoment();
    const res = await outsider.client.post(`/api/journals/${journal.id}/invites`, {});
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Moment not found' });
    expect((await new ApiClient().post(`/api/journals/${journal.id}/invites`, {})).status).toBe(
      401,
    );
    expect(
      (await adminDb.collection('invites').where('journalId', '==', journal.id).get()).size,
    ).toBe(0);
  });
});

describe('GET /api/journals/:id/invites', () => {
  it('lists the pending links, newest first, with who made them and never a token', async () => {
    const { owner, contributor, outsider, journal } = await sharedMoment();
    const target = newPhoneNumber();
    const first = await createInviteLink(owner.client, journal.id);
    const second = await createInviteLink(contributor.client, journal.id, target);
    const revoked = await createInviteLink(owner.client, journal.id);
    const expired = await createInviteLink(owner.client, journal.id);
    await owner.client.delete(`/api/journals/${journal.id}/invites/${revoked.id}`);
    await expireInvite(expired);
    await acceptInvite(outsider.client, journal.id, first.token);

    const res = await contributor.client.get<PendingInvite[]>(
      `/api/journals/${journal.id}/invites`,
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      {
        id: second.id,
        targetPhoneNumber: target,
        status: 'pending',
        createdAt: second.createdAt,
        expiresAt: second.expiresAt,
        inviterId: contributor.user.uid,
        inviterName: 'Cora Contributor',
        acceptedCount: 0,
      },
      {
        id: first.id,
        targetPhoneNumber: null,
        status: 'pending',
        createdAt: first.createdAt,
        expiresAt: first.expiresAt,
        inviterId: owner.user.uid,
        inviterName: 'Olive Owner',
        acceptedCount: 1,
      },
    ]);
    for (const link of [first, second]) expect(JSON.stringify(res.body)).not.toContain(link.token);
    // Expiry is written when a listing finds it.
    expect((await adminDb.doc(`invites/${expired.id}`).get()).get('status')).toBe('expired');
  });

  it('answers 404 to a non-member', async () => {
    const { owner, outsider, journal } = await sharedMoment();
    await createInviteLink(owner.client, journal.id);
    const res = await outsider.client.get(`/api/journals/${journal.id}/invites`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Moment not found' });
  });
});

describe('DELETE /api/journals/:id/invites/:inviteId', () => {
  it('lets a contributor revoke their own link; the link then stops working', async () => {
    const { contributor, outsider, journal } = await sharedMoment();
    const link = await createInviteLink(contributor.client, journal.id);
    const res = await contributor.client.delete(`/api/journals/${journal.id}/invites/${link.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });

    const seen = await previewInvite(link.token);
    expect(seen.status).toBe(410);
    expect(seen.body).toEqual({ message: INVITE_MESSAGES.revoked });
    expect((await acceptInvite(outsider.client, journal.id, link.token)).body).toEqual(
      refused(INVITE_MESSAGES.revoked),
    );
    expect(await isMember(outsider, journal.id)).toBe(false);
    const listed = await contributor.client.get<PendingInvite[]>(
      `/api/journals/${journal.id}/invites`,
    );
    expect(listed.body).toEqual([]);
  });

  it("lets the owner revoke anyone's link", async () => {
    const { owner, contributor, journal } = await sharedMoment();
    const link = await createInviteLink(contributor.client, journal.id);
    expect(
      (await owner.client.delete(`/api/journals/${journal.id}/invites/${link.id}`)).status,
    ).toBe(200);
    expect((await adminDb.doc(`invites/${link.id}`).get()).get('status')).toBe('revoked');
  });

  it("answers 403 to a contributor revoking another member's link, which keeps working", async () => {
    const { owner, contributor, journal } = await sharedMoment();
    const link = await createInviteLink(owner.client, journal.id);
    const res = await contributor.client.delete(`/api/journals/${journal.id}/invites/${link.id}`);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: 'You can only cancel invite links you created' });
    expect((await previewInvite(link.token)).status).toBe(200);
  });

  it('answers 404 to a non-member, for an unknown link and for a link of another moment', async () => {
    const { owner, outsider, journal } = await sharedMoment();
    const link = await createInviteLink(owner.client, journal.id);
    const other = await newMoment(owner.client);
    const otherLink = await createInviteLink(owner.client, other.id);
    const cases: [ApiClient, string, string][] = [
      [outsider.client, link.id, 'Moment not found'],
      [owner.client, inviteIdOf('nothing'), 'Invite not found'],
      [owner.client, 'not-an-id', 'Invite not found'],
      [owner.client, otherLink.id, 'Invite not found'],
    ];
    for (const [client, id, message] of cases) {
      const res = await client.delete(`/api/journals/${journal.id}/invites/${id}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message });
    }
    expect((await previewInvite(link.token)).status).toBe(200);
    expect((await previewInvite(otherLink.token)).status).toBe(200);
  });
});

describe('deleting a moment', () => {
  it('removes its links: the preview, the cover and accepting all fail at once', async () => {
    const { owner, outsider, journal } = await sharedMoment();
    await uploadPhoto(owner.client, journal.id);
    const link = await createInviteLink(owner.client, journal.id);
    expect((await owner.client.delete(`/api/journals/${journal.id}`)).status).toBe(200);
    expect((await previewInvite(link.token)).status).toBe(404);
    expect((await new ApiClient().getBytes(inviteCoverPath(link.token))).status).toBe(404);
    expect((await acceptInvite(outsider.client, journal.id, link.token)).body).toEqual(
      refused(INVITE_MESSAGES.notFound, false),
    );
    expect((await adminDb.doc(`invites/${link.id}`).get()).exists).toBe(false);
  });
});
