// Export a moment and "Download my data" as a person does, then read the ZIP as a person's
// computer would: moment.json against the published schema, photo bytes against the server's,
// index.html opened from disk with no network.
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import {
  accountExportSchema,
  momentExportSchema,
  type Journal,
  type MomentExportSource,
} from '@moments/shared';
import exifr from 'exifr';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInThroughUi, useBrowser } from '../support/browser';
import { addContributor, signedIn } from '../support/moments';
import { EXIF_MARKER } from '../support/photos';
import { readZip, type ZipEntry } from '../support/zip';

const { newPage } = useBrowser();
let workDir: string;
let photoFiles: string[];

/** A phone photo: capture date, camera make, owner and GPS position in its EXIF. */
function phoneJpeg(colour: string, captured?: string): Promise<Buffer> {
  return sharp({ create: { width: 1800, height: 1200, channels: 3, background: colour } })
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: 'Acme', Artist: EXIF_MARKER },
      ...(captured ? { IFD2: { DateTimeOriginal: captured } } : {}),
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '37/1 46/1 30/1' },
    })
    .toBuffer();
}

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'moments-export-'));
  const photos = [
    await phoneJpeg('#7fb3d5', '2023:07:04 18:30:05'),
    await phoneJpeg('#d98880'),
    await phoneJpeg('#82e0aa', '2023:07:05 09:15:00'),
  ];
  photoFiles = await Promise.all(
    photos.map(async (bytes, i) => {
      const file = join(workDir, `photo-${i + 1}.jpg`);
      await writeFile(file, bytes);
      return file;
    }),
  );
});
afterAll(async () => {
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** A moment made in the editor (so the capture date is read on the device), with entries. */
async function momentWithPhotos(page: Page): Promise<string> {
  await page.getByRole('link', { name: 'New Moment', exact: true }).click();
  await page.waitForURL('**/moment/new');
  await page.getByLabel('Title').fill('Lake 🌊 week: "A/B" <script>');
  await page.getByLabel('Add photos').setInputFiles(photoFiles);
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL('**/journals/*', { timeout: 60_000 });
  return new URL(page.url()).pathname.split('/').pop() ?? '';
}

async function downloadOf(
  page: Page,
  start: () => Promise<void>,
): Promise<{ name: string; zip: Buffer }> {
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 120_000 }),
    start(),
  ]);
  const path = join(workDir, `download-${Date.now()}.zip`);
  await download.saveAs(path);
  return { name: download.suggestedFilename(), zip: await readFile(path) };
}

/** Writes the ZIP's files under `dir`, as unzipping does. */
async function unzipTo(entries: Map<string, ZipEntry>, dir: string): Promise<void> {
  for (const entry of entries.values()) {
    const path = join(dir, entry.name);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, entry.bytes);
  }
}

describe('export', () => {
  it('exports a moment as a ZIP that opens offline, with the photos as the server keeps them', async () => {
    const owner = await signedIn({ firstName: 'Maya', lastName: 'Lopez' });
    const page = await newPage();
    await signInThroughUi(page, owner.user.phoneNumber);
    await page.waitForURL('**/home');
    const journalId = await momentWithPhotos(page);
    const posted = await owner.client.post<{ id: string }>(`/api/journals/${journalId}/comments`, {
      text: 'Look at #photo 2 <img src=x onerror="document.title=1">',
    });
    expect(posted.status).toBe(201);
    await owner.client.post(`/api/journals/${journalId}/comments`, {
      text: 'And the sunset',
      parentCommentId: posted.body.id,
    });

    await page.goto('/home');
    await page.getByRole('button', { name: 'Moment options' }).click();
    const { name, zip } = await downloadOf(page, () =>
      page.getByRole('menuitem', { name: 'Export' }).click(),
    );
    expect(name).toMatch(/^Lake week- -A-B- -script- \d{4}-\d{2}-\d{2}\.zip$/);

    const entries = readZip(zip);
    expect([...entries.keys()].sort()).toEqual([
      'index.html',
      'moment.json',
      'photos/001.jpg',
      'photos/001.jpg.json',
      'photos/002.jpg',
      'photos/002.jpg.json',
      'photos/003.jpg',
      'photos/003.jpg.json',
    ]);
    const moment = momentExportSchema.parse(
      JSON.parse(entries.get('moment.json')!.bytes.toString()),
    );
    expect(moment.entries.map((e) => [e.text.slice(0, 15), e.mentions, e.replyTo])).toEqual([
      ['Look at #photo ', [2], null],
      ['And the sunset', [], posted.body.id],
    ]);
    expect(moment.members).toEqual([
      expect.objectContaining({ firstName: 'Maya', lastName: 'Lopez', role: 'owner' }),
    ]);
    expect(JSON.stringify(moment)).not.toContain(owner.user.phoneNumber);

    // The photos are the server's full-quality copies, byte for byte, in "#photo N" order.
    const source = await owner.client.get<MomentExportSource>(`/api/journals/${journalId}/export`);
    const bySeq = [...source.body.photos].sort((a, b) => a.seq - b.seq);
    for (const [i, photo] of bySeq.entries()) {
      const file = entries.get(`photos/00${i + 1}.jpg`)!;
      const served = await owner.client.getBytes(
        `/api/journals/${journalId}/images/${photo.id}/full`,
      );
      expect(sha256(file.bytes)).toBe(sha256(served.body));
      expect(moment.photos[i]!.bytes).toBe(file.bytes.length);
      const meta = await sharp(file.bytes).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1800, 1200]);
      const tags = ((await exifr.parse(file.bytes, { gps: true, reviveValues: false })) ??
        {}) as Record<string, unknown>;
      expect(tags).not.toHaveProperty('GPSLatitude');
      expect(tags).not.toHaveProperty('Make');
    }
    // Capture dates read on the device before compression: in the file and as the entry's time.
    const first = entries.get('photos/001.jpg')!;
    expect(
      ((await exifr.parse(first.bytes, { reviveValues: false })) as Record<string, unknown>)
        .DateTimeOriginal,
    ).toBe('2023:07:04 18:30:05');
    expect(first.modified).toEqual({
      year: 2023,
      month: 7,
      day: 4,
      hour: 18,
      minute: 30,
      second: 4,
    });
    expect(moment.photos.map((p) => p.capturedAt)).toEqual([
      '2023-07-04T18:30:05',
      null,
      '2023-07-05T09:15:00',
    ]);
    const sidecar = JSON.parse(entries.get('photos/002.jpg.json')!.bytes.toString()) as {
      entries: string[];
    };
    expect(sidecar.entries).toEqual([posted.body.id]);

    // index.html from disk, offline: every photo shows, no script runs, "#photo 2" jumps.
    const dir = join(workDir, 'unzipped');
    await unzipTo(entries, dir);
    const reader = await newPage();
    await reader.context().setOffline(true);
    await reader.goto(`file://${join(dir, 'index.html')}`);
    await reader.waitForFunction(() => {
      const images = Array.from(document.images);
      return images.length === 3 && images.every((img) => img.complete && img.naturalWidth > 0);
    });
    expect(await reader.title()).toBe('Lake 🌊 week: "A/B" <script>');
    await reader.getByRole('link', { name: '#photo 2' }).click();
    await expect.poll(() => reader.evaluate(() => location.hash)).toBe('#photo-2');
    const top = await reader.evaluate(
      () => document.getElementById('photo-2')!.getBoundingClientRect().top,
    );
    expect(Math.abs(top)).toBeLessThan(5);
  });

  it('downloads all of a person’s data from My Account, a folder per moment', async () => {
    const person = await signedIn({ firstName: 'Leo', lastName: 'Park' });
    const other = await signedIn({ firstName: 'Ana', lastName: 'Ruiz' });
    const mine = await person.client.post<Journal>('/api/journals', { title: 'Trip' });
    const theirs = await other.client.post<Journal>('/api/journals', { title: 'Trip' });
    await addContributor(theirs.body.id, person.user);
    await person.client.post(`/api/journals/${theirs.body.id}/comments`, {
      text: 'Mine, in theirs',
    });
    await other.client.post(`/api/journals/${theirs.body.id}/comments`, { text: 'Theirs' });

    const page = await newPage();
    await signInThroughUi(page, person.user.phoneNumber);
    await page.waitForURL('**/home');
    await page.goto('/profile');
    const { zip } = await downloadOf(page, () =>
      page.getByRole('button', { name: 'Download my data' }).click(),
    );
    const entries = readZip(zip);
    const account = accountExportSchema.parse(
      JSON.parse(entries.get('account.json')!.bytes.toString()),
    );
    expect(account.profile).toMatchObject({
      firstName: 'Leo',
      phoneNumber: person.user.phoneNumber,
    });
    expect(account.moments.map((m) => m.role).sort()).toEqual(['contributor', 'owner']);
    // Two moments of the same title and day: two folders.
    expect(new Set(account.moments.map((m) => m.folder)).size).toBe(2);
    expect(account.entries.map((e) => e.text)).toEqual(['Mine, in theirs']);
    for (const { folder } of account.moments) {
      momentExportSchema.parse(JSON.parse(entries.get(`${folder}/moment.json`)!.bytes.toString()));
      expect(entries.has(`${folder}/index.html`)).toBe(true);
    }
    const shared = account.moments.find((m) => m.id === theirs.body.id)!;
    const sharedMoment = momentExportSchema.parse(
      JSON.parse(entries.get(`${shared.folder}/moment.json`)!.bytes.toString()),
    );
    expect(sharedMoment.entries.map((e) => e.text)).toEqual(['Mine, in theirs', 'Theirs']);
    expect(JSON.stringify(sharedMoment)).not.toContain(other.user.phoneNumber);
    expect(mine.status).toBe(201);
  });
});
