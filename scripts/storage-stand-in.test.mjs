// The Cloud Storage stand-in, driven by the official client the function uses
// (@google-cloud/storage), both ways the client can be pointed at it.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Storage } from '@google-cloud/storage';
import { afterEach, describe, expect, it } from 'vitest';
import { startStorageStandIn } from './storage-stand-in.mjs';

const BUCKET = 'demo-moments.appspot.com';
const running = [];
const folders = [];

afterEach(async () => {
  await Promise.all(running.splice(0).map((standIn) => standIn.close()));
  await Promise.all(folders.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

async function standIn(options = {}) {
  const server = await startStorageStandIn({ buckets: [BUCKET], ...options });
  running.push(server);
  return server;
}

/** The client as the function gets it under the emulators: STORAGE_EMULATOR_HOST. */
function clientByEnv(url) {
  const before = process.env.STORAGE_EMULATOR_HOST;
  process.env.STORAGE_EMULATOR_HOST = url;
  try {
    return new Storage({ projectId: 'demo-moments' });
  } finally {
    if (before === undefined) delete process.env.STORAGE_EMULATOR_HOST;
    else process.env.STORAGE_EMULATOR_HOST = before;
  }
}

/** Bytes that look like multipart framing, so a naive parser would cut them. */
const awkwardBytes = () =>
  Buffer.concat([randomBytes(3000), Buffer.from('\r\n--boundary\r\n\r\n'), randomBytes(3000)]);

describe('Cloud Storage stand-in', () => {
  it('keeps what file.save({resumable: false}) uploads: bytes, content type, generation', async () => {
    const server = await standIn();
    const bucket = clientByEnv(server.url).bucket(BUCKET);
    const bytes = awkwardBytes();
    await bucket.file('journals/j1/p1/display.webp').save(bytes, {
      contentType: 'image/webp',
      resumable: false,
    });
    const [downloaded] = await bucket.file('journals/j1/p1/display.webp').download();
    expect(downloaded.equals(bytes)).toBe(true);
    const [meta] = await bucket.file('journals/j1/p1/display.webp').getMetadata();
    expect(meta).toMatchObject({
      name: 'journals/j1/p1/display.webp',
      bucket: BUCKET,
      contentType: 'image/webp',
      size: String(bytes.length),
    });

    // Saved again: a new generation, the new bytes.
    await bucket.file('journals/j1/p1/display.webp').save(Buffer.from('second'), {
      contentType: 'text/plain',
      resumable: false,
    });
    const [again] = await bucket.file('journals/j1/p1/display.webp').getMetadata();
    expect(Number(again.generation)).toBeGreaterThan(Number(meta.generation));
    expect(again.contentType).toBe('text/plain');
    expect((await bucket.file('journals/j1/p1/display.webp').download())[0].toString()).toBe(
      'second',
    );
  });

  it("answers a missing object or bucket with the service's 404", async () => {
    const server = await standIn();
    const storage = new Storage({ apiEndpoint: server.url, projectId: 'demo-moments' });
    await expect(storage.bucket(BUCKET).file('nope.webp').download()).rejects.toMatchObject({
      code: 404,
    });
    await expect(storage.bucket(BUCKET).file('nope.webp').getMetadata()).rejects.toMatchObject({
      code: 404,
      message: `No such object: ${BUCKET}/nope.webp`,
    });
    await expect(storage.bucket('someone-else').getFiles()).rejects.toMatchObject({
      code: 404,
      message: 'The specified bucket does not exist.',
    });
    const raw = await fetch(`${server.url}/storage/v1/b/${BUCKET}/o/nope.webp`);
    expect(raw.status).toBe(404);
    expect(await raw.json()).toEqual({
      error: {
        code: 404,
        message: `No such object: ${BUCKET}/nope.webp`,
        errors: [
          { message: `No such object: ${BUCKET}/nope.webp`, domain: 'global', reason: 'notFound' },
        ],
      },
    });
  });

  it('lists by prefix a page at a time, and deleteFiles removes exactly that prefix', async () => {
    const server = await standIn();
    const bucket = clientByEnv(server.url).bucket(BUCKET);
    const names = [
      ...['a', 'b', 'c', 'd', 'e'].map((n) => `journals/j1/${n}.webp`),
      'journals/j10/x.webp',
      'users/u1/profile.webp',
    ];
    for (const name of names) await bucket.file(name).save(Buffer.from(name), { resumable: false });

    const [firstPage, next] = await bucket.getFiles({
      prefix: 'journals/j1/',
      maxResults: 2,
      autoPaginate: false,
    });
    expect(firstPage.map((f) => f.name)).toEqual(['journals/j1/a.webp', 'journals/j1/b.webp']);
    expect(next).toMatchObject({ pageToken: expect.any(String) });
    // Page by page, as the client's autoPaginate does it: the query each answer gives next.
    const pages = [];
    for (let query = { prefix: 'journals/j1/', maxResults: 2, autoPaginate: false }; query;) {
      const [files, nextQuery] = await bucket.getFiles(query);
      pages.push(files.map((f) => f.name));
      query = nextQuery;
    }
    expect(pages).toEqual([names.slice(0, 2), names.slice(2, 4), names.slice(4, 5)]);

    await bucket.deleteFiles({ prefix: 'journals/j1/' });
    const [left] = await bucket.getFiles();
    expect(left.map((f) => f.name)).toEqual(['journals/j10/x.webp', 'users/u1/profile.webp']);
  });

  it('takes a media upload (uploadType=media, as npm start moves old photos in)', async () => {
    const server = await standIn();
    const bytes = awkwardBytes();
    const name = 'journals/j1/p1/r90/thumb.webp';
    const res = await fetch(
      `${server.url}/upload/storage/v1/b/${BUCKET}/o?uploadType=media&name=${encodeURIComponent(name)}`,
      { method: 'POST', headers: { 'Content-Type': 'image/webp' }, body: bytes },
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ name, contentType: 'image/webp' });
    const [downloaded] = await clientByEnv(server.url).bucket(BUCKET).file(name).download();
    expect(downloaded.equals(bytes)).toBe(true);
  });

  it('keeps objects in dataDir across restarts', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'storage-stand-in-'));
    folders.push(dataDir);
    const first = await standIn({ dataDir });
    const bytes = awkwardBytes();
    await clientByEnv(first.url)
      .bucket(BUCKET)
      .file('users/u1/profile-x.webp')
      .save(bytes, { contentType: 'image/webp', resumable: false });
    // An object whose name looks like the stand-in's own files, and one deleted before.
    const before = clientByEnv(first.url).bucket(BUCKET);
    await before.file('notes/a.json').save(Buffer.from('not metadata'), { resumable: false });
    await before.file('gone.webp').save(Buffer.from('x'), { resumable: false });
    await before.file('gone.webp').delete();
    await first.close();
    running.splice(running.indexOf(first), 1);

    const second = await standIn({ dataDir });
    const file = clientByEnv(second.url).bucket(BUCKET).file('users/u1/profile-x.webp');
    expect((await file.download())[0].equals(bytes)).toBe(true);
    expect((await file.getMetadata())[0].contentType).toBe('image/webp');
    const [files] = await clientByEnv(second.url).bucket(BUCKET).getFiles();
    expect(files.map((f) => f.name)).toEqual(['notes/a.json', 'users/u1/profile-x.webp']);
  });
});
