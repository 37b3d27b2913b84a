// Sharing (issue 5), members and roles: the list, removing a contributor, leaving, and what
// becomes of their links. Every refusal a caller could meet is checked here.
import type { Collaborator } from '@moments/shared';
import { INVITE_MESSAGES } from '@moments/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, expectApiUp } from '../support/api';
import { sharedMoment } from '../support/moments';
import { uploadPhoto } from '../support/photos';
import {
  acceptInvite,
  createInviteLink,
  isMember,
  joined,
  previewInvite,
  refused,
} from '../support/sharing';

beforeAll(expectApiUp);

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
    const theirLink = await createInviteLink(contributor.client, journal.id);
    const ownersLink = await createInviteLink(owner.client, journal.id);
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
    expect((await previewInvite(theirLink.token)).status).toBe(410);
    expect((await acceptInvite(contributor.client, journal.id, ownersLink.token)).body).toEqual(
      refused(INVITE_MESSAGES.revoked),
    );
    expect((await previewInvite(ownersLink.token)).status).toBe(200);
    const fresh = await createInviteLink(owner.client, journal.id);
    expect((await acceptInvite(contributor.client, journal.id, fresh.token)).body).toEqual(
      joined(),
    );
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
    const link = await createInviteLink(contributor.client, journal.id);
    expect((await contributor.client.post(`/api/journals/${journal.id}/leave`)).status).toBe(200);
    expect((await previewInvite(link.token)).body).toEqual({ message: INVITE_MESSAGES.revoked });
    expect((await acceptInvite(outsider.client, journal.id, link.token)).body).toEqual(
      refused(INVITE_MESSAGES.revoked),
    );
  });
});
