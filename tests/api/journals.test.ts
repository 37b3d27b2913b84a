import { get, type IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { memberStateId, type Comment, type Journal, type PostedComment } from '@moments/shared';
import { Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { ApiClient } from '../support/api';
import { adminDb, appUrl, forwardedFor } from '../support/emulators';
import {
  addContributor,
  newMoment,
  sharedMoment,
  signedIn,
  tokenSignedIn,
} from '../support/moments';
import { storedObjects, uploadPhoto } from '../support/photos';

const anonymous = () => new ApiClient();

/** A GET as the bytes on the wire (fetch would decode them), accepting one encoding. */
async function rawGet(client: ApiClient, path: string, encoding: string) {
  const url = new URL(path, await appUrl());
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      const headers = {
        'Accept-Encoding': encoding,
        Cookie: client.cookie ?? '',
        'X-Forwarded-For': forwardedFor(client.clientAddress),
      };
      get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        );
      }).on('error', reject);
    },
  );
}

async function myMoment(client: ApiClient, id: string): Promise<Journal | undefined> {
  const list = await client.get<Journal[]>('/api/journals');
  expect(list.status).toBe(200);
  return list.body.find((j) => j.id === id);
}

describe('POST /api/journals', () => {
  it('creates a moment owned by the caller and answers it (201)', async () => {
    const { user, client } = await signedIn({ firstName: 'Ada', lastName: 'Lovelace' });
    const res = await client.post<Journal>('/api/journals', {
      title: '  Paris  ',
      content: 'Rain, then sun.',
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      userId: user.uid,
      title: 'Paris',
      content: 'Rain, then sun.',
      imageUrl: null,
      coverImageId: null,
      isPinned: false,
      role: 'owner',
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      updatedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      images: [],
      photoCount: 0,
      collaborators: [
        {
          id: user.uid,
          firstName: 'Ada',
          lastName: 'Lovelace',
          profilePictureUrl: null,
          role: 'owner',
        },
      ],
      newCommentsCount: 0,
    });
    expect(await myMoment(client, res.body.id)).toMatchObject({ title: 'Paris' });
  });

  it('answers 400 "Title is required" for a missing or blank title', async () => {
    const { client } = await signedIn();
    for (const body of [{}, { title: '   ' }, { content: 'no title' }]) {
      const res = await client.post('/api/journals', body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: 'Title is required' });
    }
  });

  it('answers 401 to a caller who is not signed in', async () => {
    const res = await anonymous().post('/api/journals', { title: 'x' });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Please sign in.' });
  });
});

describe('GET /api/journals', () => {
  it('lists own and shared moments with collaborators, newest first', async () => {
    const { owner, contributor, journal } = await sharedMoment();
    const mine = await newMoment(contributor.client, { title: 'Mine' });
    const list = await contributor.client.get<Journal[]>('/api/journals');
    expect(list.status).toBe(200);
    expect(list.body.map((j) => j.id)).toEqual([mine.id, journal.id]);
    const shared = list.body[1]!;
    expect(shared.role).toBe('contributor');
    expect(shared.collaborators.map((c) => c.id).sort()).toEqual(
      [owner.user.uid, contributor.user.uid].sort(),
    );
  });

  it('answers 401 to a caller who is not signed in', async () => {
    expect((await anonymous().get('/api/journals')).status).toBe(401);
  });

  it('compresses the list for a client that accepts it, and leaves photos as they are', async () => {
    const { client } = await signedIn({ firstName: 'Ada', lastName: 'Lovelace' });
    const moments = [];
    for (let i = 0; i < 6; i += 1) moments.push(await newMoment(client, { title: `Moment ${i}` }));
    const photo = (await uploadPhoto(client, moments[0]!.id)).body;
    const json = JSON.stringify((await client.get<Journal[]>('/api/journals')).body);

    for (const [accepted, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const list = await rawGet(client, '/api/journals', accepted);
      expect(list.headers['content-encoding']).toBe(accepted);
      expect(JSON.parse(decode(list.body).toString('utf8'))).toEqual(JSON.parse(json));
      // On the wire, a fraction of the JSON: what a phone on a slow network waits for.
      expect(list.body.length).toBeLessThan(json.length / 3);
    }
    expect((await rawGet(client, '/api/journals', 'identity')).headers['content-encoding']).toBe(
      undefined,
    );
    const bytes = await rawGet(
      client,
      `/api/journals/${moments[0]!.id}/images/${photo.id}/small`,
      'br',
    );
    expect(bytes.status).toBe(200);
    expect(bytes.headers['content-encoding']).toBe(undefined);
  });
});

describe('GET /api/journals/:id', () => {
  it('answers the moment to its members', async () => {
    const { owner, contributor, journal } = await sharedMoment();
    for (const client of [owner.client, contributor.client]) {
      const res = await client.get<Journal>(`/api/journals/${journal.id}`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: journal.id, title: 'Family reunion', images: [] });
    }
  });

  it('answers the same 404 to a non-member and for a moment that does not exist', async () => {
    const { outsider, journal } = await sharedMoment();
    for (const id of [journal.id, 'no-such-moment']) {
      const res = await outsider.client.get(`/api/journals/${id}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'Moment not found' });
    }
    // An id no moment could have is a malformed request, whoever asks.
    const malformed = await outsider.client.get('/api/journals/a%2Fb');
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ message: 'Invalid id' });
  });

  it('answers 401 to a caller who is not signed in', async () => {
    const { journal } = await sharedMoment();
    expect((await anonymous().get(`/api/journals/${journal.id}`)).status).toBe(401);
  });
});

describe('PATCH /api/journals/:id', () => {
  it('lets the owner change the title and content', async () => {
    const { owner, contributor, journal } = await sharedMoment();
    const res = await owner.client.patch<Journal>(`/api/journals/${journal.id}`, {
      title: 'Reunion 2026',
      content: '',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ title: 'Reunion 2026', content: '' });
    const seen = await contributor.client.get<Journal>(`/api/journals/${journal.id}`);
    expect(seen.body.title).toBe('Reunion 2026');
  });

  it('answers 403 when a contributor edits the moment, and changes nothing', async () => {
    const { owner, contributor, journal } = await sharedMoment();
    for (const body of [{ title: 'Mine now' }, { content: 'x' }, { coverImageId: null }]) {
      const res = await contributor.client.patch(`/api/journals/${journal.id}`, body);
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ message: 'Only the owner can edit this moment' });
    }
    expect((await owner.client.get<Journal>(`/api/journals/${journal.id}`)).body.title).toBe(
      'Family reunion',
    );
  });

  it('pins for the caller only: each member has their own pin, pinned moments first', async () => {
    const { owner, contributor, journal } = await sharedMoment();
    const newer = await newMoment(contributor.client, { title: 'Newer' });
    const pinned = await contributor.client.patch<Journal>(`/api/journals/${journal.id}`, {
      isPinned: true,
    });
    expect(pinned.status).toBe(200);
    expect(pinned.body.isPinned).toBe(true);

    const list = await contributor.client.get<Journal[]>('/api/journals');
    expect(list.body.map((j) => [j.id, j.isPinned])).toEqual([
      [journal.id, true],
      [newer.id, false],
    ]);
    expect((await myMoment(owner.client, journal.id))?.isPinned).toBe(false);

    await contributor.client.patch(`/api/journals/${journal.id}`, { isPinned: false });
    expect((await myMoment(contributor.client, journal.id))?.isPinned).toBe(false);
  });

  it('answers 400 with the spec messages for bad fields, and for an empty change', async () => {
    const { owner, journal } = await sharedMoment();
    const cases: [unknown, string][] = [
      [{ title: ' ' }, 'Title is required'],
      [{ isPinned: 'yes' }, 'isPinned must be true or false'],
      [{}, 'Nothing to update'],
    ];
    for (const [body, message] of cases) {
      const res = await owner.client.patch(`/api/journals/${journal.id}`, body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message });
    }
  });

  it('answers 404 to a non-member, even for a pin', async () => {
    const { outsider, journal } = await sharedMoment();
    const res = await outsider.client.patch(`/api/journals/${journal.id}`, { isPinned: true });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Moment not found' });
  });

  it('answers 401 to a caller who is not signed in', async () => {
    const { journal } = await sharedMoment();
    const res = await anonymous().patch(`/api/journals/${journal.id}`, { isPinned: true });
    expect(res.status).toBe(401);
  });
});

describe('timeline entries', () => {
  it('posts an entry (201) and lists entries oldest first with their author', async () => {
    const { owner, contributor, journal } = await sharedMoment();
    const first = await owner.client.post<PostedComment>(`/api/journals/${journal.id}/comments`, {
      journalId: journal.id,
      text: '  So good to see everyone!  ',
    });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({
      id: expect.any(String),
      text: 'So good to see everyone!',
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      photoId: null,
      parentCommentId: null,
      userId: owner.user.uid,
      userFirstName: 'Olive',
      userLastName: 'Owner',
      userProfilePictureUrl: null,
    });
    const reply = await contributor.client.post<PostedComment>(
      `/api/journals/${journal.id}/comments`,
      { text: 'Agreed', parentCommentId: first.body.id },
    );
    expect(reply.status).toBe(201);

    const list = await contributor.client.get<Comment[]>(`/api/journals/${journal.id}/comments`);
    expect(list.status).toBe(200);
    expect(list.body).toEqual([
      {
        id: first.body.id,
        text: 'So good to see everyone!',
        createdAt: first.body.createdAt,
        photoId: null,
        parentCommentId: null,
        user: {
          id: owner.user.uid,
          firstName: 'Olive',
          lastName: 'Owner',
          profilePictureUrl: null,
        },
      },
      expect.objectContaining({
        id: reply.body.id,
        parentCommentId: first.body.id,
        user: expect.objectContaining({ id: contributor.user.uid, firstName: 'Cora' }),
      }),
    ]);
  });

  it("raises every other member's new-entries badge, and viewing clears the caller's", async () => {
    const { owner, contributor, journal } = await sharedMoment();
    await owner.client.post(`/api/journals/${journal.id}/comments`, { text: 'one' });
    await owner.client.post(`/api/journals/${journal.id}/comments`, { text: 'two' });
    expect((await myMoment(contributor.client, journal.id))?.newCommentsCount).toBe(2);
    expect((await myMoment(owner.client, journal.id))?.newCommentsCount).toBe(0);

    const viewed = await contributor.client.post(`/api/journals/${journal.id}/view`);
    expect(viewed.status).toBe(200);
    expect((await myMoment(contributor.client, journal.id))?.newCommentsCount).toBe(0);
    const state = await adminDb
      .doc(`memberStates/${memberStateId(journal.id, contributor.user.uid)}`)
      .get();
    expect(state.get('userId')).toBe(contributor.user.uid);
    expect(state.get('lastViewedAt')).toBeInstanceOf(Timestamp);
    expect(state.get('lastViewedAt').toDate().toISOString()).toBe(viewed.body.lastViewedAt);
  });

  it('leaves counted the entries a late view was not shown, and keeps deleting exact after it', async () => {
    const { owner, contributor, journal } = await sharedMoment();
    const path = `/api/journals/${journal.id}`;
    const badge = async () => (await myMoment(contributor.client, journal.id))?.newCommentsCount;
    const post = async (text: string) =>
      (await owner.client.post<{ id: string }>(`${path}/comments`, { text })).body.id;
    const one = await post('one');
    expect((await contributor.client.post(`${path}/view`, { through: one })).status).toBe(200);
    expect(await badge()).toBe(0);

    // Two more arrive; a view made while only "one" was on the screen lands after them.
    const two = await post('two');
    const three = await post('three');
    expect(await badge()).toBe(2);
    expect((await contributor.client.post(`${path}/view`, { through: one })).status).toBe(200);
    expect(await badge()).toBe(2);
    // Deleting an entry the contributor never saw takes it off their badge.
    expect((await owner.client.delete(`${path}/comments/${two}`)).status).toBe(200);
    expect(await badge()).toBe(1);
    // A view made with none of the owner's entries shown, landing after the one above, changes
    // nothing: it would count more than the badge holds.
    await contributor.client.post(`${path}/view`, { through: null });
    expect(await badge()).toBe(1);
    await contributor.client.post(`${path}/view`, { through: three });
    expect(await badge()).toBe(0);
    // Nor does one that lands after everything was seen.
    await contributor.client.post(`${path}/view`, { through: one });
    expect(await badge()).toBe(0);

    // An entry deleted meanwhile: the view clears the badge; a malformed id is refused.
    await post('four');
    await contributor.client.post(`${path}/view`, { through: 'NoSuchEntryHere0000' });
    expect(await badge()).toBe(0);
    const refused = await contributor.client.post(`${path}/view`, { through: 'a/b' });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Invalid id');
  });

  it('never writes the journal document when posting, viewing or pinning', async () => {
    const { owner, contributor, journal } = await sharedMoment();
    const before = await adminDb.doc(`journals/${journal.id}`).get();
    const path = `/api/journals/${journal.id}`;
    await owner.client.post(`${path}/comments`, { text: 'one' });
    await contributor.client.post(`${path}/comments`, { text: 'two', parentCommentId: null });
    await contributor.client.post(`${path}/view`);
    await owner.client.patch(path, { isPinned: true });
    const after = await adminDb.doc(`journals/${journal.id}`).get();
    expect(after.updateTime?.isEqual(before.updateTime!)).toBe(true);
    expect((await myMoment(owner.client, journal.id))?.isPinned).toBe(true);
    expect((await myMoment(contributor.client, journal.id))?.isPinned).toBe(false);
  });

  it('stores an entry with a client-made id once, however often it is sent', async () => {
    const { owner, contributor, journal } = await sharedMoment();
    const path = `/api/journals/${journal.id}/comments`;
    const body = { id: 'Xy7kQ2mN9pL4rT6vW8zB', text: 'Sent twice' };
    const first = await owner.client.post<PostedComment>(path, body);
    expect(first.status).toBe(201);
    expect(first.body.id).toBe(body.id);
    // The answer was lost, say, and the app sends it again (also twice at once).
    const again = await Promise.all([
      owner.client.post<PostedComment>(path, body),
      owner.client.post<PostedComment>(path, body),
    ]);
    for (const res of again) {
      expect(res.status).toBe(200);
      expect(res.body).toEqual(first.body);
    }
    const list = await owner.client.get<Comment[]>(path);
    expect(list.body.map((c) => c.id)).toEqual([body.id]);
    expect((await myMoment(contributor.client, journal.id))?.newCommentsCount).toBe(1);

    // Someone else's entry id cannot be taken over.
    const taken = await contributor.client.post(path, { ...body, text: 'Mine now' });
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual({ message: 'That entry id is already used by someone else' });
    const bad = await owner.client.post(path, { id: 'short', text: 'Hi' });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ message: 'Entry id must be 16 to 64 letters, digits, - or _' });
  });

  it('takes 20 members posting at the same time: every post stored once, every badge exact', async () => {
    const { owner, journal } = await sharedMoment();
    const people = [
      owner,
      ...(await Promise.all(Array.from({ length: 19 }, () => tokenSignedIn()))),
    ];
    await Promise.all(people.slice(1).map((p) => addContributor(journal.id, p.user)));
    const path = `/api/journals/${journal.id}/comments`;
    const answers = await Promise.all(
      people.map((p, i) => p.client.post<PostedComment>(path, { text: `from ${i}` })),
    );
    expect(answers.map((a) => a.status)).toEqual(people.map(() => 201));
    const list = await owner.client.get<Comment[]>(path);
    expect(list.body.map((c) => c.text).sort()).toEqual(people.map((_, i) => `from ${i}`).sort());
    // Each member: the 19 entries by the others, none of their own.
    const badges = await Promise.all(people.map((p) => myMoment(p.client, journal.id)));
    expect(badges.map((j) => j?.newCommentsCount)).toEqual(people.map(() => 19));
  }, 120_000);

  it('keeps badges exact when views and posts cross', async () => {
    const { owner, contributor, journal } = await sharedMoment();
    const path = `/api/journals/${journal.id}`;
    // Posts and views of the contributor at the same time: whatever the order they land in,
    // the badge must equal the entries by the owner after the contributor's last view.
    await Promise.all([
      ...Array.from({ length: 8 }, (_, i) =>
        owner.client.post(`${path}/comments`, { text: `crossing ${i}` }),
      ),
      ...Array.from({ length: 4 }, () => contributor.client.post(`${path}/view`)),
    ]);
    const state = await adminDb
      .doc(`memberStates/${memberStateId(journal.id, contributor.user.uid)}`)
      .get();
    // Seen is what was committed when the last view cleared the badge (markViewed's
    // seenThrough); createdAt is taken when a post's request starts, not in commit order.
    const seenThrough = state.get('seenThrough') as Timestamp;
    const entries = await adminDb.collection(`journals/${journal.id}/comments`).get();
    const unseen = entries.docs.filter(
      (e) => e.createTime.valueOf() > seenThrough.valueOf(),
    ).length;
    expect((await myMoment(contributor.client, journal.id))?.newCommentsCount).toBe(unseen);
  }, 120_000);

  it('answers 400 "Comment text is required" for missing or blank text', async () => {
    const { owner, journal } = await sharedMoment();
    for (const body of [{}, { text: '   ' }, { text: 5 }]) {
      const res = await owner.client.post(`/api/journals/${journal.id}/comments`, body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: 'Comment text is required' });
    }
  });

  it("answers 400 for a photo or a parent entry that is not this moment's", async () => {
    const { owner, journal } = await sharedMoment();
    const other = await newMoment(owner.client);
    const photo = await uploadPhoto(owner.client, other.id);
    const entry = await owner.client.post<PostedComment>(`/api/journals/${other.id}/comments`, {
      text: 'elsewhere',
    });
    const path = `/api/journals/${journal.id}/comments`;
    const badPhoto = await owner.client.post(path, { text: 'hi', photoId: photo.body.id });
    expect(badPhoto.status).toBe(400);
    expect(badPhoto.body).toEqual({ message: 'That photo is not part of this moment' });
    const badParent = await owner.client.post(path, { text: 'hi', parentCommentId: entry.body.id });
    expect(badParent.status).toBe(400);
    expect(badParent.body).toEqual({ message: 'That entry is not part of this moment' });
  });

  it('ties an entry to one of the moment’s photos', async () => {
    const { owner, contributor, journal } = await sharedMoment();
    const photo = await uploadPhoto(contributor.client, journal.id);
    const res = await owner.client.post<PostedComment>(`/api/journals/${journal.id}/comments`, {
      text: 'Look at #photo 1',
      photoId: photo.body.id,
    });
    expect(res.status).toBe(201);
    expect(res.body.photoId).toBe(photo.body.id);
  });

  it('answers 404 to a non-member for reading, posting and viewing', async () => {
    const { outsider, journal } = await sharedMoment();
    const path = `/api/journals/${journal.id}`;
    for (const res of [
      await outsider.client.get(`${path}/comments`),
      await outsider.client.post(`${path}/comments`, { text: 'hi' }),
      await outsider.client.post(`${path}/view`),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'Moment not found' });
    }
  });

  it('answers 401 to a caller who is not signed in', async () => {
    const { journal } = await sharedMoment();
    expect((await anonymous().get(`/api/journals/${journal.id}/comments`)).status).toBe(401);
    expect(
      (await anonymous().post(`/api/journals/${journal.id}/comments`, { text: 'x' })).status,
    ).toBe(401);
  });

  it('lets the author or the owner delete an entry, with its replies; others get 403', async () => {
    const { owner, contributor, journal } = await sharedMoment();
    const path = `/api/journals/${journal.id}/comments`;
    const post = async (client: ApiClient, body: object) =>
      (await client.post<PostedComment>(path, body)).body.id;
    const mine = await post(contributor.client, { text: 'contributor entry' });
    const ownerEntry = await post(owner.client, { text: 'owner entry' });
    const reply = await post(owner.client, { text: 'reply', parentCommentId: mine });
    await post(contributor.client, { text: 'reply to reply', parentCommentId: reply });

    const refused = await contributor.client.delete(`${path}/${ownerEntry}`);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: 'You can only delete your own entries' });

    expect((await contributor.client.delete(`${path}/${mine}`)).status).toBe(200);
    let left = await owner.client.get<Comment[]>(path);
    expect(left.body.map((c) => c.id)).toEqual([ownerEntry]);

    const again = await post(contributor.client, { text: 'another' });
    expect((await owner.client.delete(`${path}/${again}`)).status).toBe(200);
    left = await owner.client.get<Comment[]>(path);
    expect(left.body.map((c) => c.id)).toEqual([ownerEntry]);

    const missing = await owner.client.delete(`${path}/${again}`);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: 'Entry not found' });
  });
});

describe('deleting entries and the new-entries badge', () => {
  const badge = async (client: ApiClient, id: string) =>
    (await myMoment(client, id))?.newCommentsCount;

  it('takes an entry off the badge of each member who had not seen it, never below 0', async () => {
    const { owner, contributor, journal } = await sharedMoment();
    const path = `/api/journals/${journal.id}/comments`;
    const post = async (client: ApiClient, body: object) =>
      (await client.post<PostedComment>(path, body)).body.id;

    const seen = await post(owner.client, { text: 'seen by Cora' });
    await contributor.client.post(`/api/journals/${journal.id}/view`);
    const unseen = await post(owner.client, { text: 'not seen yet' });
    const later = await post(owner.client, { text: 'not seen either' });
    expect(await badge(contributor.client, journal.id)).toBe(2);

    // An entry the contributor saw before their last view was no longer counted: no change.
    expect((await owner.client.delete(`${path}/${seen}`)).status).toBe(200);
    expect(await badge(contributor.client, journal.id)).toBe(2);
    // An unseen one was counted: the badge goes down by one.
    expect((await owner.client.delete(`${path}/${unseen}`)).status).toBe(200);
    expect(await badge(contributor.client, journal.id)).toBe(1);
    // The author's own badge never counted it.
    expect(await badge(owner.client, journal.id)).toBe(0);

    // An entry with a reply: each member loses what they had not seen, the author nothing.
    const reply = await post(contributor.client, { text: 'reply', parentCommentId: later });
    expect(await badge(owner.client, journal.id)).toBe(1);
    expect((await owner.client.delete(`${path}/${later}`)).status).toBe(200);
    expect(await badge(contributor.client, journal.id)).toBe(0);
    expect(await badge(owner.client, journal.id)).toBe(0);
    const left = await owner.client.get<Comment[]>(path);
    expect(left.body.map((c) => c.id)).not.toContain(reply);
  });

  it('does not count entries posted before a member joined, nor go below 0', async () => {
    const { owner, contributor, journal } = await sharedMoment();
    const path = `/api/journals/${journal.id}/comments`;
    // Written as if posted a day before the contributor joined: never on their badge.
    const old = adminDb.doc(`journals/${journal.id}/comments/before-joining`);
    await old.set({
      userId: owner.user.uid,
      text: 'from before',
      photoId: null,
      parentCommentId: null,
      createdAt: Timestamp.fromMillis(Date.now() - 86_400_000),
      user: { id: owner.user.uid, firstName: 'Olive', lastName: 'Owner', profilePictureUrl: null },
    });
    await owner.client.post(path, { text: 'after joining' });
    expect(await badge(contributor.client, journal.id)).toBe(1);
    expect((await owner.client.delete(`${path}/before-joining`)).status).toBe(200);
    expect(await badge(contributor.client, journal.id)).toBe(1);

    // A badge already at 0 (say, reset by hand) stays at 0.
    await adminDb
      .doc(`memberStates/${memberStateId(journal.id, contributor.user.uid)}`)
      .update({ newCommentsCount: 0 });
    const entries = await owner.client.get<Comment[]>(path);
    expect((await owner.client.delete(`${path}/${entries.body[0]!.id}`)).status).toBe(200);
    expect(await badge(contributor.client, journal.id)).toBe(0);
  });
});

describe('POST /api/journals/:id/leave', () => {
  it('removes a contributor, who then no longer sees the moment', async () => {
    const { owner, contributor, journal } = await sharedMoment();
    const res = await contributor.client.post(`/api/journals/${journal.id}/leave`);
    expect(res.status).toBe(200);
    expect(await myMoment(contributor.client, journal.id)).toBeUndefined();
    expect((await contributor.client.get(`/api/journals/${journal.id}`)).status).toBe(404);
    const seen = await owner.client.get<Journal>(`/api/journals/${journal.id}`);
    expect(seen.body.collaborators.map((c) => c.id)).toEqual([owner.user.uid]);
  });

  it('answers 400 to the owner', async () => {
    const { owner, journal } = await sharedMoment();
    const res = await owner.client.post(`/api/journals/${journal.id}/leave`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'The owner cannot leave this moment' });
  });
});

describe('DELETE /api/journals/:id', () => {
  it('answers 403 to a contributor and 404 to a non-member; the moment stays', async () => {
    const { owner, contributor, outsider, journal } = await sharedMoment();
    const byContributor = await contributor.client.delete(`/api/journals/${journal.id}`);
    expect(byContributor.status).toBe(403);
    expect(byContributor.body).toEqual({ message: 'Only the owner can delete this moment' });
    const byOutsider = await outsider.client.delete(`/api/journals/${journal.id}`);
    expect(byOutsider.status).toBe(404);
    expect((await owner.client.get(`/api/journals/${journal.id}`)).status).toBe(200);
  });

  it('answers 401 to a caller who is not signed in', async () => {
    const { journal } = await sharedMoment();
    expect((await anonymous().delete(`/api/journals/${journal.id}`)).status).toBe(401);
  });

  it('removes a moment with 1,000 entries and everything else that belonged to it', async () => {
    const { owner, contributor, journal } = await sharedMoment();
    const photos = [
      await uploadPhoto(owner.client, journal.id),
      await uploadPhoto(contributor.client, journal.id),
    ];
    expect(photos.map((p) => p.status)).toEqual([201, 201]);
    await contributor.client.post(`/api/journals/${journal.id}/view`);

    // 1,000 entries (every tenth a reply) and two invites, written directly.
    const journalRef = adminDb.doc(`journals/${journal.id}`);
    const comments = journalRef.collection('comments');
    const writer = adminDb.bulkWriter();
    for (let i = 0; i < 1000; i++) {
      void writer.set(comments.doc(`c${i}`), {
        userId: i % 2 ? owner.user.uid : contributor.user.uid,
        text: `entry ${i}`,
        photoId: null,
        parentCommentId: i % 10 === 9 ? `c${i - 1}` : null,
        createdAt: Timestamp.fromMillis(Date.now() - 1_000_000 + i),
        user: {
          id: owner.user.uid,
          firstName: 'Olive',
          lastName: 'Owner',
          profilePictureUrl: null,
        },
      });
    }
    const inviteIds = [`inv-${journal.id}-1`, `inv-${journal.id}-2`];
    for (const id of inviteIds) {
      void writer.set(adminDb.doc(`invites/${id}`), {
        journalId: journal.id,
        inviterId: owner.user.uid,
        status: 'pending',
      });
    }
    await writer.close();
    expect((await comments.count().get()).data().count).toBe(1000);
    const bytesPrefix = `journals/${journal.id}/`;
    expect(await storedObjects(bytesPrefix)).toHaveLength(12);

    const started = performance.now();
    const res = await owner.client.delete(`/api/journals/${journal.id}`);
    const elapsed = Math.round(performance.now() - started);
    console.info(`DELETE of a moment with 1,000 entries and 2 photos: ${elapsed} ms`);
    expect(res.status).toBe(200);

    // What members notice: gone from lists, every call a 404, photo URLs dead.
    for (const client of [owner.client, contributor.client]) {
      expect(await myMoment(client, journal.id)).toBeUndefined();
      expect((await client.get(`/api/journals/${journal.id}`)).status).toBe(404);
    }
    expect((await owner.client.getBytes(photos[0]!.body.thumbUrl)).status).toBe(404);

    // Nothing left behind.
    expect((await journalRef.get()).exists).toBe(false);
    for (const sub of ['comments', 'images']) {
      expect((await journalRef.collection(sub).count().get()).data().count, sub).toBe(0);
    }
    const states = adminDb.collection('memberStates').where('journalId', '==', journal.id);
    expect((await states.count().get()).data().count).toBe(0);
    const invites = await adminDb.collection('invites').where('journalId', '==', journal.id).get();
    expect(invites.size).toBe(0);
    expect(await storedObjects(bytesPrefix)).toEqual([]);
  }, 120_000);

  it('can be repeated by the owner to finish a deletion that stopped midway', async () => {
    const { owner, journal } = await sharedMoment();
    await owner.client.post(`/api/journals/${journal.id}/comments`, { text: 'left behind' });
    // As if a first DELETE had hidden the moment and then failed before cleaning up.
    await adminDb.doc(`journals/${journal.id}`).update({ memberIds: [], deletedAt: new Date() });
    expect((await owner.client.get(`/api/journals/${journal.id}`)).status).toBe(404);

    const res = await owner.client.delete(`/api/journals/${journal.id}`);
    expect(res.status).toBe(200);
    const journalRef = adminDb.doc(`journals/${journal.id}`);
    expect((await journalRef.get()).exists).toBe(false);
    expect((await journalRef.collection('comments').count().get()).data().count).toBe(0);
  });
});
