// Sharing (issue 5): invite links, the public preview, accepting, members and roles, and the
// sign-up through a link without a code. Every refusal a caller could meet is checked here.
import { createHash } from 'node:crypto';
import type {
  AcceptInviteResponse,
  Collaborator,
  InviteLink,
  InvitePreview,
  Journal,
  PendingInvite,
  SignInResponse,
} from '@moments/shared';
import { INVITE_LIFETIME_DAYS, INVITE_MESSAGES, SIGNUP_ERRORS } from '@moments/shared';
import { Timestamp } from 'firebase-admin/firestore';
import { beforeAll, describe, expect, it } from 'vitest';
import { INVITE_TOKEN_LIMITS } from '../../functions/src/features/sharing/limits';
import { ApiClient } from '../support/api';
import { adminAuth, adminDb, appUrl, latestCode, newPhoneNumber } from '../support/emulators';
import { newMoment, sharedMoment, signedIn, type SignedIn } from '../support/moments';
import { uploadPhoto } from '../support/photos';

const DAY_MS = 24 * 60 * 60 * 1000;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

beforeAll(async () => {
  // Fail fast, with a clear message, when the emulators are not up.
  expect((await fetch(`${await appUrl()}/api/user`)).status).toBe(401);
});

/** POST /api/journals/:id/invites; throws unless it answers 201. */
async function newLink(client: ApiClient, journalId: string, targetPhoneNumber?: string) {
  const res = await client.post<InviteLink>(
    `/api/journals/${journalId}/invites`,
    targetPhoneNumber ? { targetPhoneNumber } : {},
  );
  if (res.status !== 201) throw new Error(`create invite answered ${res.status}`);
  return res.body;
}

function accept(client: ApiClient, journalId: string, inviteToken?: string) {
  return client.post<AcceptInviteResponse>(
    `/api/journals/${journalId}/accept-invite`,
    inviteToken === undefined ? {} : { inviteToken },
  );
}

const preview = (token: string) =>
  new ApiClient().post<InvitePreview>('/api/invites/preview', { token });
/** A cover URL names the invite by its id (the token's sha256), never by the token. */
const coverPath = (token: string) =>
  `/api/invites/covers/${createHash('sha256').update(token).digest('hex')}`;

const joined = (alreadyHadAccess = false): AcceptInviteResponse => ({
  success: true,
  inviteFound: true,
  message: alreadyHadAccess ? INVITE_MESSAGES.alreadyMember : INVITE_MESSAGES.accepted,
  alreadyHadAccess,
});

const refused = (message: string, inviteFound = true): AcceptInviteResponse => ({
  success: false,
  inviteFound,
  message,
  alreadyHadAccess: false,
});

async function isMember(person: SignedIn, journalId: string): Promise<boolean> {
  const res = await person.client.get<Journal[]>('/api/journals');
  return res.body.some((j) => j.id === journalId);
}

/** Every string anywhere in a stored document. */
function stringsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value && typeof value === 'object') return Object.values(value).flatMap(stringsIn);
  return [];
}

/** Sets a link's expiry into the past, as if its 14 days had gone by. */
async function expire(link: InviteLink) {
  await adminDb.doc(`invites/${link.id}`).update({
    expiresAt: Timestamp.fromMillis(Date.now() - 1000),
  });
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
        id: sha256(link.token),
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
    for (let i = 0; i < 5; i++) tokens.add((await newLink(owner.client, journal.id)).token);
    expect(tokens.size).toBe(5);
  });

  it('keeps a target phone number; a number that is not E.164 is a 400', async () => {
    const { owner, journal } = await sharedMoment();
    const target = newPhoneNumber();
    expect((await newLink(owner.client, journal.id, target)).targetPhoneNumber).toBe(target);
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
    const first = await newLink(owner.client, journal.id);
    const second = await newLink(contributor.client, journal.id, target);
    const revoked = await newLink(owner.client, journal.id);
    const expired = await newLink(owner.client, journal.id);
    await owner.client.delete(`/api/journals/${journal.id}/invites/${revoked.id}`);
    await expire(expired);
    await accept(outsider.client, journal.id, first.token);

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
    await newLink(owner.client, journal.id);
    const res = await outsider.client.get(`/api/journals/${journal.id}/invites`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Moment not found' });
  });
});

describe('DELETE /api/journals/:id/invites/:inviteId', () => {
  it('lets a contributor revoke their own link; the link then stops working', async () => {
    const { contributor, outsider, journal } = await sharedMoment();
    const link = await newLink(contributor.client, journal.id);
    const res = await contributor.client.delete(`/api/journals/${journal.id}/invites/${link.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });

    const seen = await preview(link.token);
    expect(seen.status).toBe(410);
    expect(seen.body).toEqual({ message: INVITE_MESSAGES.revoked });
    expect((await accept(outsider.client, journal.id, link.token)).body).toEqual(
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
    const link = await newLink(contributor.client, journal.id);
    expect(
      (await owner.client.delete(`/api/journals/${journal.id}/invites/${link.id}`)).status,
    ).toBe(200);
    expect((await adminDb.doc(`invites/${link.id}`).get()).get('status')).toBe('revoked');
  });

  it("answers 403 to a contributor revoking another member's link, which keeps working", async () => {
    const { owner, contributor, journal } = await sharedMoment();
    const link = await newLink(owner.client, journal.id);
    const res = await contributor.client.delete(`/api/journals/${journal.id}/invites/${link.id}`);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: 'You can only cancel invite links you created' });
    expect((await preview(link.token)).status).toBe(200);
  });

  it('answers 404 to a non-member, for an unknown link and for a link of another moment', async () => {
    const { owner, outsider, journal } = await sharedMoment();
    const link = await newLink(owner.client, journal.id);
    const other = await newMoment(owner.client);
    const otherLink = await newLink(owner.client, other.id);
    const cases: [ApiClient, string, string][] = [
      [outsider.client, link.id, 'Moment not found'],
      [owner.client, sha256('nothing'), 'Invite not found'],
      [owner.client, 'not-an-id', 'Invite not found'],
      [owner.client, otherLink.id, 'Invite not found'],
    ];
    for (const [client, id, message] of cases) {
      const res = await client.delete(`/api/journals/${journal.id}/invites/${id}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message });
    }
    expect((await preview(link.token)).status).toBe(200);
    expect((await preview(otherLink.token)).status).toBe(200);
  });
});

describe('POST /api/invites/preview (public preview)', () => {
  it('shows only the title, the inviter, the cover thumbnail and whether the link is targeted', async () => {
    const { owner, contributor, journal } = await sharedMoment();
    await owner.client.patch(`/api/journals/${journal.id}`, { content: 'Private notes' });
    const photo = (await uploadPhoto(owner.client, journal.id)).body;
    await contributor.client.post(`/api/journals/${journal.id}/comments`, { text: 'secret' });
    const link = await newLink(contributor.client, journal.id);

    const res = await preview(link.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body).toEqual({
      journalId: journal.id,
      journalTitle: 'Family reunion',
      inviterName: 'Cora Contributor',
      coverUrl: `/api/invites/covers/${link.id}`,
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

    const targeted = await newLink(owner.client, journal.id, newPhoneNumber());
    expect((await preview(targeted.token)).body.targeted).toBe(true);
  });

  it('has no cover without photos (the cover call answers 404)', async () => {
    const { owner, journal } = await sharedMoment();
    const link = await newLink(owner.client, journal.id);
    expect((await preview(link.token)).body.coverUrl).toBeNull();
    expect((await new ApiClient().getBytes(coverPath(link.token))).status).toBe(404);
  });

  it('answers 404 "not valid" for an unknown or malformed token', async () => {
    for (const token of ['A'.repeat(43), 'has.dots', 'x'.repeat(65)]) {
      for (const res of [
        await preview(token),
        await new ApiClient().get(coverPath(token)),
        await new ApiClient().get(`/api/invites/covers/${token}`),
      ]) {
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ message: INVITE_MESSAGES.notFound });
      }
    }
  });

  it('answers 410 with the reason for an expired or used link, and no cover', async () => {
    const { owner, outsider, journal } = await sharedMoment();
    await uploadPhoto(owner.client, journal.id);
    const old = await newLink(owner.client, journal.id);
    await expire(old);
    const used = await newLink(owner.client, journal.id, outsider.user.phoneNumber);
    expect((await accept(outsider.client, journal.id, used.token)).body).toEqual(joined());

    const cases: [InviteLink, string][] = [
      [old, INVITE_MESSAGES.expired],
      [used, INVITE_MESSAGES.used],
    ];
    for (const [link, message] of cases) {
      const res = await preview(link.token);
      expect(res.status).toBe(410);
      expect(res.body).toEqual({ message });
      expect((await new ApiClient().getBytes(coverPath(link.token))).status).toBe(410);
    }
    expect((await adminDb.doc(`invites/${old.id}`).get()).get('status')).toBe('expired');
  });
});

describe('POST /api/journals/:id/accept-invite', () => {
  it('makes the caller a contributor; a second acceptance is harmless', async () => {
    const { owner, outsider, journal } = await sharedMoment();
    const link = await newLink(owner.client, journal.id);
    expect(await isMember(outsider, journal.id)).toBe(false);

    const res = await accept(outsider.client, journal.id, link.token);
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

    expect((await accept(outsider.client, journal.id, link.token)).body).toEqual(joined(true));
    expect((await adminDb.doc(`invites/${link.id}`).get()).get('acceptedCount')).toBe(1);
  });

  it('lets several people join through one link for anyone; it stays pending', async () => {
    const { owner, journal } = await sharedMoment();
    const link = await newLink(owner.client, journal.id);
    const [a, b] = await Promise.all([signedIn(), signedIn()]);
    expect((await accept(a.client, journal.id, link.token)).body).toEqual(joined());
    expect((await accept(b.client, journal.id, link.token)).body).toEqual(joined());
    expect(await isMember(a, journal.id)).toBe(true);
    expect(await isMember(b, journal.id)).toBe(true);
    const stored = (await adminDb.doc(`invites/${link.id}`).get()).data();
    expect(stored).toMatchObject({ status: 'pending', acceptedCount: 2, usedByUserId: b.user.uid });
    expect(stored?.usedAt).toBeInstanceOf(Timestamp);
  });

  it('lets only the target number accept a targeted link, once', async () => {
    const { owner, outsider, journal } = await sharedMoment();
    const someoneElse = await signedIn();
    const link = await newLink(owner.client, journal.id, outsider.user.phoneNumber);

    expect((await accept(someoneElse.client, journal.id, link.token)).body).toEqual(
      refused(INVITE_MESSAGES.wrongPerson),
    );
    expect(await isMember(someoneElse, journal.id)).toBe(false);

    expect((await accept(outsider.client, journal.id, link.token)).body).toEqual(joined());
    const stored = (await adminDb.doc(`invites/${link.id}`).get()).data();
    expect(stored).toMatchObject({ status: 'accepted', usedByUserId: outsider.user.uid });
    expect(stored?.usedAt).toBeInstanceOf(Timestamp);

    expect((await accept(someoneElse.client, journal.id, link.token)).body).toEqual(
      refused(INVITE_MESSAGES.used),
    );
    expect((await accept(outsider.client, journal.id, link.token)).body).toEqual(joined(true));
  });

  it("without a token, accepts a pending link made for the caller's number", async () => {
    const { owner, outsider, journal } = await sharedMoment();
    expect((await accept(outsider.client, journal.id)).body).toEqual(
      refused(INVITE_MESSAGES.notFound, false),
    );
    await newLink(owner.client, journal.id); // a link for anyone needs its token
    expect((await accept(outsider.client, journal.id)).body).toEqual(
      refused(INVITE_MESSAGES.notFound, false),
    );
    await newLink(owner.client, journal.id, outsider.user.phoneNumber);
    expect((await accept(outsider.client, journal.id)).body).toEqual(joined());
    expect(await isMember(outsider, journal.id)).toBe(true);
  });

  it('refuses an expired link, a revoked link and a link of another moment', async () => {
    const { owner, outsider, journal } = await sharedMoment();
    const old = await newLink(owner.client, journal.id);
    await expire(old);
    expect((await accept(outsider.client, journal.id, old.token)).body).toEqual(
      refused(INVITE_MESSAGES.expired),
    );
    expect((await adminDb.doc(`invites/${old.id}`).get()).get('status')).toBe('expired');

    const other = await newMoment(owner.client);
    const otherLink = await newLink(owner.client, other.id);
    expect((await accept(outsider.client, journal.id, otherLink.token)).body).toEqual(
      refused(INVITE_MESSAGES.notFound, false),
    );
    expect((await accept(outsider.client, journal.id, 'A'.repeat(43))).body).toEqual(
      refused(INVITE_MESSAGES.notFound, false),
    );
    expect(await isMember(outsider, journal.id)).toBe(false);
    expect(await isMember(outsider, other.id)).toBe(false);
  });

  it('answers 400 for a malformed body and 401 to a caller who is not signed in', async () => {
    const { owner, outsider, journal } = await sharedMoment();
    const link = await newLink(owner.client, journal.id);
    for (const inviteToken of [42, 'x'.repeat(65), 'with spaces']) {
      const res = await outsider.client.post(`/api/journals/${journal.id}/accept-invite`, {
        inviteToken,
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: 'Invalid invite token' });
    }
    expect((await accept(new ApiClient(), journal.id, link.token)).status).toBe(401);
    expect(await isMember(outsider, journal.id)).toBe(false);
  });
});

describe('members', () => {
  it('lists the members with their roles, owner first, to members only', async () => {
    const { owner, contributor, outsider, journal } = await sharedMoment();
    const res = await contributor.client.get<Collaborator[]>(`/api/journals/${journal.id}/members`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      {
        id: owner.user.uid,
        firstName: 'Olive',
        lastName: 'Owner',
        profilePictureUrl: null,
        role: 'owner',
      },
      {
        id: contributor.user.uid,
        firstName: 'Cora',
        lastName: 'Contributor',
        profilePictureUrl: null,
        role: 'contributor',
      },
    ]);
    expect((await outsider.client.get(`/api/journals/${journal.id}/members`)).status).toBe(404);
    expect((await new ApiClient().get(`/api/journals/${journal.id}/members`)).status).toBe(401);
  });

  it('lets the owner remove a contributor, who loses the moment and its photos at once', async () => {
    const { owner, contributor, journal } = await sharedMoment();
    const photo = (await uploadPhoto(contributor.client, journal.id)).body;
    const theirLink = await newLink(contributor.client, journal.id);
    const ownersLink = await newLink(owner.client, journal.id);
    expect((await contributor.client.getBytes(photo.thumbUrl)).status).toBe(200);

    const res = await owner.client.delete(
      `/api/journals/${journal.id}/members/${contributor.user.uid}`,
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });

    expect(await isMember(contributor, journal.id)).toBe(false);
    for (const path of [
      `/api/journals/${journal.id}`,
      `/api/journals/${journal.id}/comments`,
      `/api/journals/${journal.id}/members`,
      `/api/journals/${journal.id}/invites`,
    ]) {
      expect((await contributor.client.get(path)).status).toBe(404);
    }
    for (const url of [photo.thumbUrl, photo.imageUrl]) {
      expect((await contributor.client.getBytes(url)).status).toBe(404);
    }
    const members = await owner.client.get<Collaborator[]>(`/api/journals/${journal.id}/members`);
    expect(members.body.map((m) => m.id)).toEqual([owner.user.uid]);

    // Their links stop working; coming back through an older link is refused, a new one works.
    expect((await preview(theirLink.token)).status).toBe(410);
    expect((await accept(contributor.client, journal.id, ownersLink.token)).body).toEqual(
      refused(INVITE_MESSAGES.revoked),
    );
    expect((await preview(ownersLink.token)).status).toBe(200);
    const fresh = await newLink(owner.client, journal.id);
    expect((await accept(contributor.client, journal.id, fresh.token)).body).toEqual(joined());
  });

  it('answers 403 to a contributor removing anyone, 400 to the owner removing themselves', async () => {
    const { owner, contributor, journal } = await sharedMoment();
    const base = `/api/journals/${journal.id}/members`;
    const byContributor = await contributor.client.delete(`${base}/${owner.user.uid}`);
    expect(byContributor.status).toBe(403);
    expect(byContributor.body).toEqual({ message: 'Only the owner can remove members' });
    expect((await contributor.client.delete(`${base}/${contributor.user.uid}`)).status).toBe(403);
    const self = await owner.client.delete(`${base}/${owner.user.uid}`);
    expect(self.status).toBe(400);
    expect(self.body).toEqual({ message: 'The owner cannot be removed from this moment' });
    const members = await owner.client.get<Collaborator[]>(base);
    expect(members.body).toHaveLength(2);
  });

  it('answers 404 for someone who is not a member, and to a non-member', async () => {
    const { owner, contributor, outsider, journal } = await sharedMoment();
    const base = `/api/journals/${journal.id}/members`;
    const notIn = await owner.client.delete(`${base}/${outsider.user.uid}`);
    expect(notIn.status).toBe(404);
    expect(notIn.body).toEqual({ message: 'Member not found' });
    const byOutsider = await outsider.client.delete(`${base}/${contributor.user.uid}`);
    expect(byOutsider.status).toBe(404);
    expect(byOutsider.body).toEqual({ message: 'Moment not found' });
    expect(await isMember(contributor, journal.id)).toBe(true);
  });

  it("a contributor's links stop working when they leave", async () => {
    const { contributor, outsider, journal } = await sharedMoment();
    const link = await newLink(contributor.client, journal.id);
    expect((await contributor.client.post(`/api/journals/${journal.id}/leave`)).status).toBe(200);
    expect((await preview(link.token)).body).toEqual({ message: INVITE_MESSAGES.revoked });
    expect((await accept(outsider.client, journal.id, link.token)).body).toEqual(
      refused(INVITE_MESSAGES.revoked),
    );
  });
});

describe('deleting a moment', () => {
  it('removes its links: the preview, the cover and accepting all fail at once', async () => {
    const { owner, outsider, journal } = await sharedMoment();
    await uploadPhoto(owner.client, journal.id);
    const link = await newLink(owner.client, journal.id);
    expect((await owner.client.delete(`/api/journals/${journal.id}`)).status).toBe(200);
    expect((await preview(link.token)).status).toBe(404);
    expect((await new ApiClient().getBytes(coverPath(link.token))).status).toBe(404);
    expect((await accept(outsider.client, journal.id, link.token)).body).toEqual(
      refused(INVITE_MESSAGES.notFound, false),
    );
    expect((await adminDb.doc(`invites/${link.id}`).get()).exists).toBe(false);
  });
});

/** The invite flow's profile step for someone without an account. */
function inviteSignup(
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

async function accountOf(phoneNumber: string) {
  const found = await adminDb.collection('users').where('phoneNumber', '==', phoneNumber).get();
  return found.docs[0];
}

describe('sign-up through a link without a code (skipVerification)', () => {
  it('creates an unverified account, signs it in, and lets it accept the link', async () => {
    const { owner, journal } = await sharedMoment();
    const link = await newLink(owner.client, journal.id);
    const phoneNumber = newPhoneNumber();
    const client = new ApiClient();

    const res = await inviteSignup(client, {
      phoneNumber,
      journalId: journal.id,
      inviteToken: link.token,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      firstName: 'Nina',
      lastName: null,
      phoneNumber,
      needsOnboarding: false,
      customToken: expect.any(String),
    });
    expect(client.cookie).toBeDefined();
    const account = await accountOf(phoneNumber);
    expect(account?.id).toBe(res.body.id);
    expect(account?.get('phoneVerified')).toBe(false);

    expect((await client.get('/api/user')).status).toBe(200);
    expect((await accept(client, journal.id, link.token)).body).toEqual(joined());
    expect((await client.get(`/api/journals/${journal.id}`)).status).toBe(200);
  });

  it('refuses a targeted link, another moment, a revoked, expired or unknown link', async () => {
    const { owner, journal } = await sharedMoment();
    const phoneNumber = newPhoneNumber();
    const targeted = await newLink(owner.client, journal.id, phoneNumber);
    const other = await newMoment(owner.client);
    const otherLink = await newLink(owner.client, other.id);
    const revoked = await newLink(owner.client, journal.id);
    await owner.client.delete(`/api/journals/${journal.id}/invites/${revoked.id}`);
    const old = await newLink(owner.client, journal.id);
    await expire(old);

    const cases: [string, string, number, string][] = [
      [targeted.token, journal.id, 403, INVITE_MESSAGES.verifyPhone],
      [otherLink.token, journal.id, 404, INVITE_MESSAGES.notFound],
      [revoked.token, journal.id, 410, INVITE_MESSAGES.revoked],
      [old.token, journal.id, 410, INVITE_MESSAGES.expired],
      ['A'.repeat(43), journal.id, 404, INVITE_MESSAGES.notFound],
    ];
    for (const [inviteToken, journalId, status, message] of cases) {
      const client = new ApiClient();
      const res = await inviteSignup(client, { phoneNumber, journalId, inviteToken });
      expect(res.status).toBe(status);
      expect(res.body).toEqual({ message });
      expect(client.cookie).toBeUndefined();
    }
    expect(await accountOf(phoneNumber)).toBeUndefined();
    await expect(adminAuth.getUserByPhoneNumber(phoneNumber)).rejects.toThrow();
  });

  it('answers 409 for a number that already has an account, verified or not', async () => {
    const { owner, journal } = await sharedMoment();
    const link = await newLink(owner.client, journal.id);
    const first = { phoneNumber: newPhoneNumber(), journalId: journal.id, inviteToken: link.token };
    expect((await inviteSignup(new ApiClient(), first)).status).toBe(200);
    for (const phoneNumber of [first.phoneNumber, owner.user.phoneNumber]) {
      const client = new ApiClient();
      const res = await inviteSignup(client, { ...first, phoneNumber });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ message: SIGNUP_ERRORS.alreadyRegistered });
      expect(client.cookie).toBeUndefined();
    }
  });

  it('answers 400 without a token or a moment', async () => {
    const res = await new ApiClient().post('/api/auth/signup', {
      phoneNumber: newPhoneNumber(),
      firstName: 'Nina',
      lastName: 'N',
      termsAccepted: true,
      skipVerification: true,
    });
    expect(res.status).toBe(400);
  });

  it('never makes the number sign in to the link account: a later code opens a clean one', async () => {
    const { owner, journal } = await sharedMoment();
    const link = await newLink(owner.client, journal.id);
    const phoneNumber = newPhoneNumber();
    const first = new ApiClient();
    const made = await inviteSignup(first, {
      phoneNumber,
      journalId: journal.id,
      inviteToken: link.token,
    });
    expect((await accept(first, journal.id, link.token)).body).toEqual(joined());
    // The link account names the number, but Firebase Auth does not tie the number to it.
    await expect(adminAuth.getUserByPhoneNumber(phoneNumber)).rejects.toThrow();
    const other = await newMoment(owner.client, { title: 'Only for that number' });
    const targeted = await newLink(owner.client, other.id, phoneNumber);
    // Unproved, the number does not count as the target's.
    expect((await accept(first, other.id, targeted.token)).body).toEqual(
      refused(INVITE_MESSAGES.wrongPerson),
    );

    // Whoever proves the number elsewhere gets an account of their own, without the link
    // account's profile or moments; the link account loses the number and its sessions.
    const later = new ApiClient();
    expect((await later.post('/api/auth/check-user', { phoneNumber })).status).toBe(200);
    const signIn = await later.signIn(phoneNumber);
    expect(signIn.status).toBe(200);
    expect(signIn.body).toMatchObject({ phoneNumber, firstName: null, needsOnboarding: true });
    expect(signIn.body.id).not.toBe(made.body.id);
    expect((await later.get<{ id: string }[]>('/api/journals')).body).toEqual([]);
    expect((await later.get(`/api/journals/${journal.id}`)).status).toBe(404);
    expect((await accept(later, other.id, targeted.token)).body).toEqual(joined());
    expect((await first.get('/api/user')).status).toBe(401);
    const linkAccount = await adminDb.doc(`users/${made.body.id}`).get();
    expect(linkAccount.get('phoneNumber')).toBeNull();
    expect((await adminAuth.getUser(made.body.id)).disabled).toBe(true);
    expect((await accountOf(phoneNumber))?.id).toBe(signIn.body.id);
  });

  it('gives a later verified sign-up of the number a clean account, with its own fields', async () => {
    const { owner, journal } = await sharedMoment();
    const link = await newLink(owner.client, journal.id);
    const phoneNumber = newPhoneNumber();
    const impostor = new ApiClient();
    const made = await inviteSignup(impostor, {
      phoneNumber,
      journalId: journal.id,
      inviteToken: link.token,
    });
    await accept(impostor, journal.id, link.token);

    const realOwner = new ApiClient();
    const signup = await realOwner.post('/api/auth/signup', {
      phoneNumber,
      firstName: 'Real',
      lastName: 'Owner',
      email: 'real@example.com',
      termsAccepted: true,
    });
    expect(signup.status).toBe(200);
    const verified = await realOwner.post<SignInResponse>('/api/auth/verify', {
      phoneNumber,
      code: await latestCode(phoneNumber),
    });
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({
      firstName: 'Real',
      lastName: 'Owner',
      email: 'real@example.com',
      phoneNumber,
    });
    expect(verified.body.id).not.toBe(made.body.id);
    expect((await impostor.get('/api/user')).status).toBe(401);
    expect((await realOwner.get<{ id: string }[]>('/api/journals')).body).toEqual([]);
    // The moment still lists the link account under the name it gave, not the owner.
    const members = await owner.client.get<Collaborator[]>(`/api/journals/${journal.id}/members`);
    expect(members.body.map((m) => m.id)).not.toContain(verified.body.id);
  });

  it("keeps the link account when the invitee's own browser proves the number", async () => {
    const { owner, journal } = await sharedMoment();
    const link = await newLink(owner.client, journal.id);
    const phoneNumber = newPhoneNumber();
    const invitee = new ApiClient();
    const made = await inviteSignup(invitee, {
      phoneNumber,
      journalId: journal.id,
      inviteToken: link.token,
    });
    await accept(invitee, journal.id, link.token);

    // Same browser (it holds the link account's session) and the code: the same person.
    const signIn = await invitee.signIn(phoneNumber);
    expect(signIn.status).toBe(200);
    expect(signIn.body).toMatchObject({ id: made.body.id, firstName: 'Nina' });
    expect((await accountOf(phoneNumber))?.get('phoneVerified')).toBe(true);
    expect((await invitee.get(`/api/journals/${journal.id}`)).status).toBe(200);
    // From now on the number signs in to it from anywhere.
    const elsewhere = await new ApiClient().signIn(phoneNumber);
    expect(elsewhere.body.id).toBe(made.body.id);
  });
});

describe('a targeted link for a number without an account', () => {
  it('signs up with a code (request-code isSignUp with the journalId), then accepts', async () => {
    const { owner, journal } = await sharedMoment();
    const phoneNumber = newPhoneNumber();
    const link = await newLink(owner.client, journal.id, phoneNumber);
    const client = new ApiClient();
    const sent = await client.post('/api/auth/request-code', {
      phoneNumber,
      isSignUp: true,
      journalId: journal.id,
    });
    expect(sent.status).toBe(200);
    const verified = await client.post<SignInResponse>('/api/auth/verify', {
      phoneNumber,
      code: await latestCode(phoneNumber),
    });
    expect(verified.status).toBe(200);
    expect(verified.body.needsOnboarding).toBe(true);
    expect(
      (await client.post('/api/auth/onboard', { firstName: 'Tara', lastName: 'Target' })).status,
    ).toBe(200);
    expect((await accept(client, journal.id, link.token)).body).toEqual(joined());
    const members = await owner.client.get<Collaborator[]>(`/api/journals/${journal.id}/members`);
    expect(members.body.at(-1)).toMatchObject({ firstName: 'Tara', role: 'contributor' });
  });
});

describe('rate limits', () => {
  it('caps how many tokens one client can try, across preview, cover, accept and sign-up', async () => {
    const { owner, journal } = await sharedMoment();
    const link = await newLink(owner.client, journal.id);
    const { limit } = INVITE_TOKEN_LIMITS.perClient;
    const guesser = owner.client; // signed in, so accept counts too
    const guess = (i: number) => `${String(i).padStart(4, '0')}${'A'.repeat(39)}`;
    const statuses = new Set<number>();
    for (let i = 0; i < limit; i++) {
      const token = guess(i);
      const calls = [
        () => guesser.post('/api/invites/preview', { token }),
        () => guesser.get(coverPath(token)),
        () => accept(guesser, journal.id, token),
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
      await guesser.get(coverPath(link.token)),
      await accept(guesser, journal.id, link.token),
    ]) {
      expect(res.status).toBe(429);
      expect(res.body).toEqual({ message: 'Too many attempts. Please wait and try again later.' });
    }
    expect((await preview(link.token)).status).toBe(200);
  });
});
