// Sharing (issue 5), the public preview of a link and its cover, and the limit on how many
// tokens one client may try. Every refusal a caller could meet is checked here.
import type { InviteLink } from '@moments/shared';
import { INVITE_MESSAGES } from '@moments/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { INVITE_TOKEN_LIMITS } from '../../functions/src/features/sharing/limits';
import { ApiClient, expectApiUp } from '../support/api';
import { adminDb, newPhoneNumber } from '../support/emulators';
import { sharedMoment } from '../support/moments';
import { uploadPhoto } from '../support/photos';
import {
  acceptInvite,
  createInviteLink,
  expireInvite,
  inviteCoverPath,
  inviteSignup,
  joined,
  previewInvite,
} from '../support/sharing';

beforeAll(expectApiUp);

describe('POST /api/invites/preview (public preview)', () => {
  it('shows only the title, the inviter, the cover thumbnail and whether the link is targeted', async () => {
    const { owner, contributor, journal } = await sharedMoment();
    await owner.client.patch(`/api/journals/${journal.id}`, { content: 'Private notes' });
    const photo = (await uploadPhoto(owner.client, journal.id)).body;
    await contributor.client.post(`/api/journals/${journal.id}/comments`, { text: 'secret' });
    const link = await createInviteLink(contributor.client, journal.id);

    const res = await previewInvite(link.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body).toEqual({
      journalId: journal.id,
      journalTitle: 'Family reunion',
      inviterName: 'Cora Contributor',
      coverUrl: expect.stringMatching(
        new RegExp(`^/api/invites/covers/${link.id}/[\\w-]{22}$`),
      ) as string,
      targeted: false,
      expiresAt: link.expiresAt,
    });
    const text = JSON.stringify(res.body);
    for (const hidden of ['Private notes', 'secret', photo.id, owner.user.uid]) {
      expect(text).not.toContain(hidden);
    }

    // The cover is the thumbnail a member sees, and nothing else of the moment's photos.
    const cover = await new ApiClient().getBytes(res.body.coverUrl!);
    expect(cover.status).toBe(200);
    expect(cover.headers.get('content-type')).toBe('image/webp');
    const thumb = await owner.client.getBytes(photo.thumbUrl);
    expect(cover.body.equals(thumb.body)).toBe(true);
    expect((await new ApiClient().getBytes(photo.thumbUrl)).status).toBe(401);

    const targeted = await createInviteLink(owner.client, journal.id, newPhoneNumber());
    expect((await previewInvite(targeted.token)).body.targeted).toBe(true);
  });

  it('has no cover without photos (the cover call answers 404)', async () => {
    const { owner, journal } = await sharedMoment();
    const link = await createInviteLink(owner.client, journal.id);
    expect((await previewInvite(link.token)).body.coverUrl).toBeNull();
    expect((await new ApiClient().getBytes(inviteCoverPath(link.token))).status).toBe(404);
  });

  it('answers 404 "not valid" for an unknown or malformed token', async () => {
    for (const token of ['A'.repeat(43), 'has.dots', 'x'.repeat(65)]) {
      for (const res of [
        await previewInvite(token),
        await new ApiClient().get(inviteCoverPath(token)),
        await new ApiClient().get(`/api/invites/covers/${token}/any-version`),
      ]) {
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ message: INVITE_MESSAGES.notFound });
      }
    }
  });

  it('answers 410 with the reason for an expired or used link, and no cover', async () => {
    const { owner, outsider, journal } = await sharedMoment();
    await uploadPhoto(owner.client, journal.id);
    const old = await createInviteLink(owner.client, journal.id);
    await expireInvite(old);
    const used = await createInviteLink(owner.client, journal.id, outsider.user.phoneNumber);
    expect((await acceptInvite(outsider.client, journal.id, used.token)).body).toEqual(joined());

    const cases: [InviteLink, string][] = [
      [old, INVITE_MESSAGES.expired],
      [used, INVITE_MESSAGES.used],
    ];
    for (const [link, message] of cases) {
      const res = await previewInvite(link.token);
      expect(res.status).toBe(410);
      expect(res.body).toEqual({ message });
      expect((await new ApiClient().getBytes(inviteCoverPath(link.token))).status).toBe(410);
    }
    expect((await adminDb.doc(`invites/${old.id}`).get()).get('status')).toBe('expired');
  });
});

describe('rate limits', () => {
  it('caps how many tokens one client can try, across preview, cover, accept and sign-up', async () => {
    const { owner, journal } = await sharedMoment();
    const link = await createInviteLink(owner.client, journal.id);
    const { limit } = INVITE_TOKEN_LIMITS.perClient;
    const guesser = owner.client; // signed in, so accept counts too
    const guess = (i: number) => `${String(i).padStart(4, '0')}${'A'.repeat(39)}`;
    const statuses = new Set<number>();
    for (let i = 0; i < limit; i++) {
      const token = guess(i);
      const calls = [
        () => guesser.post('/api/invites/preview', { token }),
        () => guesser.get(inviteCoverPath(token)),
        () => acceptInvite(guesser, journal.id, token),
        () =>
          inviteSignup(guesser, {
            phoneNumber: newPhoneNumber(),
            journalId: journal.id,
            inviteToken: token,
          }),
      ];
      statuses.add((await calls[i % calls.length]!()).status);
    }
    expect([...statuses].sort()).toEqual([200, 404]);

    // Past the limit even a real token is refused, by every call; other clients are not.
    for (const res of [
      await guesser.post('/api/invites/preview', { token: link.token }),
      await guesser.get(inviteCoverPath(link.token)),
      await acceptInvite(guesser, journal.id, link.token),
    ]) {
      expect(res.status).toBe(429);
      expect(res.body).toEqual({ message: 'Too many attempts. Please wait and try again later.' });
    }
    expect((await previewInvite(link.token)).status).toBe(200);
  });
});
