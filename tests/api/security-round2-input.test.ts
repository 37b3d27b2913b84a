// Issue 38, items 9 and 10: two uploads racing under one new client id store one upload's
// record and that upload's bytes; and ids that could not be Firestore document ids (`a%2Fb`,
// `..`, `__x__`) get 400 with a message on every route, never a 500. The routes are read from
// the app itself, so a new route is walked without anyone adding it here.
import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { PHOTO_SIZE_NAMES, photoSizeUrl, photoSizeWidth, type JournalImage } from '@moments/shared';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../support/api';
import { signedInAdmin } from '../support/admin';
import { adminDb, appUrl, forwardedFor } from '../support/emulators';
import { addContributor, newMoment, signedIn } from '../support/moments';
import { imageForm, makeJpeg, uploadPhoto } from '../support/photos';
import { createInviteLink, previewInvite } from '../support/sharing';

const INVALID_ID = { message: 'Invalid id' };

interface Route {
  method: string;
  path: string;
}

interface RouterLayer {
  rawPath?: unknown;
  route?: { path: string; methods: Record<string, boolean> };
  handle?: { stack?: RouterLayer[] };
}

/** Every route of the function's Express app, as `METHOD /api/...` with its `:params`. */
async function appRoutes(): Promise<Route[]> {
  const { createApp } = await import('../../functions/src/app');
  const app = createApp() as unknown as { router: { stack: RouterLayer[] } };
  const routes: Route[] = [];
  const walk = (stack: RouterLayer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        for (const method of Object.keys(layer.route.methods)) {
          routes.push({ method: method.toUpperCase(), path: prefix + layer.route.path });
        }
      } else if (layer.handle?.stack) {
        const mount =
          typeof layer.rawPath === 'string' && layer.rawPath !== '/' ? layer.rawPath : '';
        walk(layer.handle.stack, prefix + mount);
      }
    }
  };
  walk(app.router.stack, '');
  return routes;
}

/**
 * A request sent exactly as written: fetch() would resolve `..` and `%2E%2E` in the path
 * before sending, and an attacker's client does not.
 */
async function rawRequest(
  client: ApiClient,
  method: string,
  path: string,
): Promise<{ status: number; body: unknown }> {
  const base = new URL(await appUrl());
  const headers: Record<string, string> = {
    'X-Forwarded-For': forwardedFor(client.clientAddress),
    'Content-Type': 'application/json',
    ...(client.cookie ? { Cookie: client.cookie } : {}),
    ...(client.authorization ? { Authorization: client.authorization } : {}),
  };
  const body = method === 'GET' || method === 'DELETE' ? undefined : '{}';
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: base.hostname, port: base.port, method, path, headers },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          let parsed: unknown = text;
          try {
            parsed = JSON.parse(text);
          } catch {
            // not JSON: keep the text
          }
          resolve({ status: res.statusCode ?? 0, body: parsed });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Ids no document could have, as an attacker would write them into a path. */
const ODD_PATH_IDS = ['a%2Fb', '__x__', 'x'.repeat(1600)];

/**
 * Dot segments: the front end resolves them (RFC 3986) before the function sees the path, so
 * `/api/journals/./invites` arrives as `/api/journals/invites`, another route or none (which
 * makes `DELETE .../members/..` a moment's DELETE: sent with GET only). None may be a 500.
 */
const DOT_SEGMENTS = ['.', '..', '%2E%2E'];

describe('malformed ids in paths', () => {
  it('answer 400 "Invalid id" on every route with an id in its path, never 500', async () => {
    // One caller who may use every route: an admin (admin login) who owns a moment with a
    // photo, an entry, a link and another member.
    const { admin, client } = await signedInAdmin();
    const other = await signedIn();
    const journal = await newMoment(client);
    await addContributor(journal.id, other.user);
    const photo = await uploadPhoto(
      client,
      journal.id,
      await makeJpeg({ width: 320, height: 240 }),
    );
    expect(photo.status).toBe(201);
    const entry = await client.post<{ id: string }>(`/api/journals/${journal.id}/comments`, {
      text: 'Hello',
    });
    expect(entry.status).toBe(201);
    const link = await createInviteLink(client, journal.id);
    const coverUrl = (await previewInvite(link.token)).body.coverUrl;
    expect(coverUrl).toEqual(expect.any(String));

    // A real value for each path parameter, so that each odd id is the only thing wrong.
    const real: Record<string, string> = {
      id: journal.id,
      imageId: photo.body.id,
      variant: 'display',
      commentId: entry.body.id,
      inviteId: link.id,
      version: coverUrl!.split('/').pop()!,
      userId: other.user.uid,
      uid: admin.uid,
      name: 'profile-AAAAAAAAAAAAAAAAAAAAAA.webp',
    };

    const withIds = (await appRoutes()).filter((route) => route.path.includes('/:'));
    // The walk found the app's routes (moments, photos, entries, links, members, admin).
    expect(withIds.length).toBeGreaterThanOrEqual(18);
    let walked = 0;
    const answers: { odd: string; route: string; status: number; body: unknown }[] = [];
    for (const route of withIds) {
      const params = [...route.path.matchAll(/:(\w+)/g)].map((match) => match[1]!);
      for (const name of params) {
        expect(real, `a value for :${name} of ${route.path}`).toHaveProperty(name);
      }
      for (const name of params) {
        walked += 1;
        const odds = route.method === 'GET' ? [...ODD_PATH_IDS, ...DOT_SEGMENTS] : ODD_PATH_IDS;
        // A parameter's odd ids at once: a few requests in parallel, one parameter at a time.
        answers.push(
          ...(await Promise.all(
            odds.map(async (odd) => {
              const path = route.path.replace(/:(\w+)/g, (_all, param: string) =>
                param === name ? odd : real[param]!,
              );
              const res = await rawRequest(client, route.method, path);
              return { odd, route: `${route.method} ${path}`, ...res };
            }),
          )),
        );
      }
    }
    const malformed = answers.filter((answer) => ODD_PATH_IDS.includes(answer.odd));
    expect(malformed.length).toBe(walked * ODD_PATH_IDS.length);
    const notRefused = malformed.filter(
      (answer) =>
        answer.status !== 400 || JSON.stringify(answer.body) !== JSON.stringify(INVALID_ID),
    );
    expect(notRefused).toEqual([]);
    const dotted = answers.filter((answer) => DOT_SEGMENTS.includes(answer.odd));
    expect(dotted.filter((answer) => answer.status >= 500)).toEqual([]);

    // Nothing was changed by any of them.
    const after = await adminDb.doc(`journals/${journal.id}`).get();
    expect(after.get('memberIds')).toEqual(expect.arrayContaining([admin.uid, other.user.uid]));
    expect(after.get('photoCount')).toBe(1);
    expect((await client.get(`/api/journals/${journal.id}/comments`)).status).toBe(200);
  });
});

describe('malformed ids in bodies and queries', () => {
  it('client ids of entries and photos of the form __x__ answer 400, and nothing is stored', async () => {
    const { client } = await signedIn();
    const journal = await newMoment(client);
    const reserved = `__${randomUUID().replaceAll('-', '')}__`;

    const entry = await client.post(`/api/journals/${journal.id}/comments`, {
      id: reserved,
      text: 'Hello',
    });
    expect(entry.status).toBe(400);
    expect(entry.body).toEqual({ message: 'Entry id must be 16 to 64 letters, digits, - or _' });

    const photo = await client.postForm(
      `/api/journals/${journal.id}/images`,
      imageForm(await makeJpeg({ width: 320, height: 240 }), { fields: { id: reserved } }),
    );
    expect(photo.status).toBe(400);
    expect(photo.body).toEqual(INVALID_ID);

    for (const body of [
      { text: 'Hi', photoId: '__x__' },
      { text: 'Hi', parentCommentId: 'a/b' },
      { text: 'Hi', journalId: '..' },
    ]) {
      const res = await client.post(`/api/journals/${journal.id}/comments`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toEqual(INVALID_ID);
    }
    const cover = await client.patch(`/api/journals/${journal.id}`, { coverImageId: '__x__' });
    expect(cover.status).toBe(400);
    expect(cover.body).toEqual(INVALID_ID);
    const order = await client.put(`/api/journals/${journal.id}/images/order`, {
      imageIds: ['..'],
    });
    expect(order.status).toBe(400);
    expect(order.body).toEqual(INVALID_ID);

    const stored = await adminDb.doc(`journals/${journal.id}`).get();
    expect(stored.get('photoCount')).toBe(0);
    expect((await adminDb.collection(`journals/${journal.id}/comments`).get()).size).toBe(0);
  });

  it('admin cursors and filters that are not ids answer 400', async () => {
    const { client } = await signedInAdmin();
    for (const odd of ['a%2Fb', '__x__', '..', '.']) {
      for (const query of [
        `/api/admin/people?cursor=${odd}`,
        `/api/admin/people?q=Sam&cursor=${odd}`,
        `/api/admin/audit?cursor=${odd}`,
        `/api/admin/audit?actorId=${odd}`,
        `/api/admin/audit?targetId=${odd}`,
      ]) {
        const res = await client.get(query);
        expect(res.status, query).toBe(400);
        expect(res.body).toEqual(INVALID_ID);
      }
    }
    // A real cursor still pages.
    const first = await client.get<{ people: { id: string }[]; nextCursor: string | null }>(
      '/api/admin/people',
    );
    expect(first.status).toBe(200);
    const last = first.body.people.at(-1);
    if (last) expect((await client.get(`/api/admin/people?cursor=${last.id}`)).status).toBe(200);
  });
});

describe('uploads racing under one new client id', () => {
  // Two different photos: a landscape in blue and a portrait in red, so every stored size
  // tells which upload its bytes came from.
  const landscape = () => makeJpeg({ width: 640, height: 480, colour: '#1f4e79' });
  const portrait = () => makeJpeg({ width: 480, height: 640, colour: '#c0392b' });

  it('store one upload: its record, its bytes in every size, counted once (10 races)', async () => {
    const { user, client } = await signedIn();
    const journal = await newMoment(client);
    const [wide, tall] = await Promise.all([landscape(), portrait()]);

    // Race after race, each two uploads of different photos sent at once under one new id.
    const outcomes: { id: string; answers: { status: number; body: JournalImage }[] }[] = [];
    for (let race = 0; race < 10; race += 1) {
      const id = randomUUID();
      const answers = await Promise.all([
        uploadPhoto(client, journal.id, wide, { fields: { id } }),
        uploadPhoto(client, journal.id, tall, { fields: { id } }),
      ]);
      outcomes.push({ id, answers });
    }

    for (const { id, answers } of outcomes) {
      // The later one waited for the first's record and answers it, as a repeat would.
      for (const answer of answers) expect([200, 201]).toContain(answer.status);
      const stored = await adminDb.doc(`journals/${journal.id}/images/${id}`).get();
      const record = {
        width: stored.get('width') as number,
        height: stored.get('height') as number,
      };
      // Both callers were answered with the one stored photo.
      for (const answer of answers) {
        expect(answer.body).toMatchObject({ id, ...record });
      }
      for (const size of PHOTO_SIZE_NAMES) {
        const served = await client.getBytes(photoSizeUrl(answers[0]!.body.imageUrl, size));
        expect(served.status).toBe(200);
        const meta = await sharp(served.body).metadata();
        expect({ size, width: meta.width }).toEqual({
          size,
          width: photoSizeWidth(record.width, record.height, size),
        });
      }
    }

    const snap = await adminDb.doc(`journals/${journal.id}`).get();
    expect(snap.get('photoCount')).toBe(outcomes.length);
    expect((await adminDb.collection(`journals/${journal.id}/images`).get()).size).toBe(
      outcomes.length,
    );
    expect((await adminDb.doc(`users/${user.uid}`).get()).get('photosStored')).toBe(
      outcomes.length,
    );
    expect((await adminDb.collection(`journals/${journal.id}/uploadClaims`).get()).size).toBe(0);
  });

  it("refuses an id another person's upload holds, and a repeat after the race gets the record", async () => {
    const { client, user } = await signedIn();
    const other = await signedIn();
    const journal = await newMoment(client);
    await addContributor(journal.id, other.user);
    const id = randomUUID();
    const [mine, theirs] = await Promise.all([
      uploadPhoto(client, journal.id, await landscape(), { fields: { id } }),
      uploadPhoto(other.client, journal.id, await portrait(), { fields: { id } }),
    ]);
    const answers = [mine, theirs];
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    const stored = await adminDb.doc(`journals/${journal.id}/images/${id}`).get();
    const winner = mine.status === 201 ? user.uid : other.user.uid;
    expect(stored.get('uploadedBy')).toBe(winner);
    const winnerClient = mine.status === 201 ? client : other.client;
    const repeat = await uploadPhoto(winnerClient, journal.id, await landscape(), {
      fields: { id },
    });
    expect(repeat.status).toBe(200);
    expect(repeat.body).toMatchObject({ id, width: stored.get('width') });
  });
});
