// Sharing (issue 5), accepting a link: who may join through which link, and what a refusal
// says. Every refusal a caller could meet is checked here.
import type { Journal } from '@moments/shared';
import { INVITE_MESSAGES } from '@moments/shared';
import { Timestamp } from 'firebase-admin/firestore';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, expectApiUp } from '../support/api';
import { adminDb } from '../support/emulators';
import { newMoment, sharedMoment, signedIn } from '../support/moments';
import {
  acceptInvite,
  createInviteLink,
  expireInvite,
  isMember,
  joined,
  refused,
} from '../support/sharing';

beforeAll(expectApiUp);

describe('POST /api/journals/:id/accept-invite', () => {
  it('makes the caller a contributor; a second acceptance is harmless', async () => {
    const { owner, outsider, journal } = await sharedMoment();
    const link = await createInviteLink(owner.client, journal.id);
    expect(await isMember(outsider, journal.id)).toBe(false);

    const res = await acceptInvite(outsider.client, journal.id, link.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(joined());
    const seen = await outsider.client.get<Journal>(`/api/journals/${journal.id}`);
    expect(seen.status).toBe(200);
    expect(seen.body.role).toBe('contributor');
    expect(seen.body.collaborators).toContainEqual({
      id: outsider.user.uid,
      firstName: 'Otto',
      lastName: 'Outsider',
      profilePictureUrl: null,
      role: 'contributor',
    });

    expect((await acceptInvite(outsider.client, journal.id, link.token)).body).toEqual(
      joined(true),
    );
    expect((await adminDb.doc(`invites/${link.id}`).get()).get('acceptedCount')).toBe(1);
  });

  it('lets several people join through one link for anyone; it stays pending', async () => {
    const { owner, journal } = await sharedMoment();
    const link = await createInviteLink(owner.client, journal.id);
    const [a, b] = await Promise.all([signedIn(), signedIn()]);
    expect((await acceptInvite(a.client, journal.id, link.token)).body).toEqual(joined());
    expect((await acceptInvite(b.client, journal.id, link.token)).body).toEqual(joined());
    expect(await isMember(a, journal.id)).toBe(true);
    expect(await isMember(b, journal.id)).toBe(true);
    const stored = (await adminDb.doc(`invites/${link.id}`).get()).data();
    expect(stored).toMatchObject({ status: 'pending', acceptedCount: 2, usedByUserId: b.user.uid });
    expect(stored?.usedAt).toBeInstanceOf(Timestamp);
  });

  it('lets only the target number accept a targeted link, once', async () => {
    const { owner, outsider, journal } = await sharedMoment();
    const someoneElse = await signedIn();
    const link = await createInviteLink(owner.client, journal.id, outsider.user.phoneNumber);

    expect((await acceptInvite(someoneElse.client, journal.id, link.token)).body).toEqual(
      refused(INVITE_MESSAGES.wrongPerson),
    );
    expect(await isMember(someoneElse, journal.id)).toBe(false);

    expect((await acceptInvite(outsider.client, journal.id, link.token)).body).toEqual(joined());
    const stored = (await adminDb.doc(`invites/${link.id}`).get()).data();
    expect(stored).toMatchObject({ status: 'accepted', usedByUserId: outsider.user.uid });
    expect(stored?.usedAt).toBeInstanceOf(Timestamp);

    expect((await acceptInvite(someoneElse.client, journal.id, link.token)).body).toEqual(
      refused(INVITE_MESSAGES.used),
    );
    expect((await acceptInvite(outsider.client, journal.id, link.token)).body).toEqual(
      joined(true),
    );
  });

  it("without a token, accepts a pending link made for the caller's number", async () => {
    const { owner, outsider, journal } = await sharedMoment();
    expect((await acceptInvite(outsider.client, journal.id)).body).toEqual(
      refused(INVITE_MESSAGES.notFound, false),
    );
    await createInviteLink(owner.client, journal.id); // a link for anyone needs its token
    expect((await acceptInvite(outsider.client, journal.id)).body).toEqual(
      refused(INVITE_MESSAGES.notFound, false),
    );
    await createInviteLink(owner.client, journal.id, outsider.user.phoneNumber);
    expect((await acceptInvite(outsider.client, journal.id)).body).toEqual(joined());
    expect(await isMember(outsider, journal.id)).toBe(true);
  });

  it('refuses an expired link, a revoked link and a link of another moment', async () => {
    const { owner, outsider, journal } = await sharedMoment();
    const old = await createInviteLink(owner.client, journal.id);
    await expireInvite(old);
    expect((await acceptInvite(outsider.client, journal.id, old.token)).body).toEqual(
      refused(INVITE_MESSAGES.expired),
    );
    expect((await adminDb.doc(`invites/${old.id}`).get()).get('status')).toBe('expired');

    const other = await newMoment(owner.client);
    const otherLink = await createInviteLink(owner.client, other.id);
    expect((await acceptInvite(outsider.client, journal.id, otherLink.token)).body).toEqual(
      refused(INVITE_MESSAGES.notFound, false),
    );
    expect((await acceptInvite(outsider.client, journal.id, 'A'.repeat(43))).body).toEqual(
      refused(INVITE_MESSAGES.notFound, false),
    );
    expect(await isMember(outsider, journal.id)).toBe(false);
    expect(await isMember(outsider, other.id)).toBe(false);
  });

  it('answers 400 for a malformed body and 401 to a caller who is not signed in', async () => {
    const { owner, outsider, journal } = await sharedMoment();
    const link = await createInviteLink(owner.client, journal.id);
    for (const inviteToken of [42, 'x'.repeat(65), 'with spaces']) {
      const res = await outsider.client.post(`/api/journals/${journal.id}/accept-invite`, {
        inviteToken,
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: 'Invalid invite token' });
    }
    expect((await acceptInvite(new ApiClient(), journal.id, link.token)).status).toBe(401);
    expect(await isMember(outsider, journal.id)).toBe(false);
  });
});
