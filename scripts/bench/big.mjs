/* global document -- the functions passed to page.evaluate run in the page */
// Big moments and long histories (issue 45): a wedding moment with 1,000 photos and 5,000
// entries, and its owner in 500 moments. For /home and that moment: Lighthouse's mobile score,
// LCP and TBT; Firestore documents read per open (cold: a fresh browser profile; warm: the same
// profile again), bytes of JSON and images on open, the main thread's JS heap after load; and on
// the moment, the time to scroll the timeline up to its first entry and to open photo 900 in the
// viewer.
//
// Made quickly, with the documents the API writes: a few small photos go through the API, then
// the Admin SDK writes the other photo records (each with its own copy of a stored photo's
// bytes in the storage stand-in), the entries in batches of 500 and the other moments.
// BIG_PHOTOS, BIG_ENTRIES, BIG_MOMENTS make it smaller; LIGHTHOUSE_RUNS (default 3) as usual.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Timestamp } from 'firebase-admin/firestore';
import { chromium } from 'playwright-core';
import { tsImport } from 'tsx/esm/api';
import { chromiumLaunchOptions } from '../chromium.mjs';
import { bucketFor } from '../storage-stand-in.mjs';
import { root } from '../test-ports.mjs';
import { measure, medians } from './lighthouse.mjs';
import { adminAuth, adminDb, appUrl, call, newPerson, ok, pool, upload } from './people.mjs';
import { detailedPhoto } from './photos.mjs';
import { ms } from './report.mjs';
import { lowerServerPriority } from './server-priority.mjs';

const PHOTOS = Number(process.env.BIG_PHOTOS ?? 1000);
const ENTRIES = Number(process.env.BIG_ENTRIES ?? 5000);
const MOMENTS = Number(process.env.BIG_MOMENTS ?? 500);
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
/** Photos that go through the API (the rest copy their records and bytes). */
const UPLOADED = 6;
const VARIANTS = ['tiny', 'small', 'thumb', 'medium', 'display'];
const PHOTO_TARGET = Math.min(900, PHOTOS);
const FIRST_ENTRY = 'Entry 1 of the wedding';
const GOALS = { momentReads: 150, homeReads: 100, score: 90, heapBytes: 60 * 1024 * 1024 };
const PAGE_TIMEOUT_MS = 120_000;
/** BIG_PARTS=browse or =lighthouse measures only that (both by default). */
const PARTS = (process.env.BIG_PARTS ?? 'browse,lighthouse').split(',');
const LIGHTHOUSE_DIR = join(root, '.data', 'lighthouse');

const { recordNetwork } = await tsImport('../../tests/support/network.ts', import.meta.url);
const { photoIndexFields, photoRefsIn } = await tsImport(
  '../../shared/src/index.ts',
  import.meta.url,
);

/** The storage stand-in's object URL (STORAGE_EMULATOR_HOST, set by scripts/firebase.mjs). */
const bucketUrl = () => `${process.env.STORAGE_EMULATOR_HOST}/b/${bucketFor('demo-moments')}`;

async function storedBytes(path) {
  const res = await fetch(`${bucketUrl()}/o/${encodeURIComponent(path)}?alt=media`);
  if (!res.ok) throw new Error(`storage GET ${path}: ${res.status}`);
  return Buffer.from(await res.arrayBuffer());
}

async function storeBytes(path, bytes) {
  const res = await fetch(
    `${process.env.STORAGE_EMULATOR_HOST}/upload/storage/v1/b/${bucketFor('demo-moments')}/o?uploadType=media&name=${encodeURIComponent(path)}`,
    { method: 'POST', headers: { 'Content-Type': 'image/webp' }, body: bytes },
  );
  if (!res.ok) throw new Error(`storage POST ${path}: ${res.status}`);
}

/** Writes `docs` ([ref, data]) in batches of 500. */
async function writeAll(docs) {
  for (let i = 0; i < docs.length; i += 500) {
    const batch = adminDb.batch();
    for (const [ref, data] of docs.slice(i, i + 500)) batch.set(ref, data);
    await batch.commit();
  }
}

/** A copy of an uploaded photo as photo `seq` of `journalId`: its record and its bytes. */
async function copyPhoto(journalId, source, bytes, seq, orderIndex) {
  const ref = adminDb.collection(`journals/${journalId}/images`).doc();
  const base = `/api/journals/${journalId}/images/${ref.id}`;
  await Promise.all(
    VARIANTS.map((v) => storeBytes(`journals/${journalId}/${ref.id}/${v}.webp`, bytes[v])),
  );
  const data = {
    ...source,
    seq,
    orderIndex,
    imageUrl: `${base}/display`,
    thumbUrl: `${base}/thumb`,
  };
  return { ref, data };
}

/** The image document as the API answers it (the journal's `cover` copy). */
function coverCopy(id, data) {
  return {
    id,
    seq: data.seq,
    imageUrl: data.imageUrl,
    thumbUrl: data.thumbUrl,
    orderIndex: data.orderIndex,
    cropPosition: data.cropPosition,
    rotation: 0,
    width: data.width,
    height: data.height,
    createdAt: data.createdAt.toDate().toISOString(),
  };
}

async function seed() {
  const started = Date.now();
  const owner = await newPerson('Ada');
  const guest = await newPerson('Ben');
  const wedding = await ok(owner, 'POST', '/api/journals', { title: 'Our wedding' });
  const journalRef = adminDb.doc(`journals/${wedding.id}`);
  // Ben joins as the API makes a member: his card on the journal and his state document.
  const link = await ok(owner, 'POST', `/api/journals/${wedding.id}/invites`, {});
  await ok(guest, 'POST', `/api/journals/${wedding.id}/accept-invite`, { inviteToken: link.token });

  const pictures = await Promise.all(
    Array.from({ length: UPLOADED }, (_, i) => detailedPhoto(i, 640, 480)),
  );
  const uploaded = [];
  for (const picture of pictures) {
    uploaded.push(await upload(owner, `/api/journals/${wedding.id}/images`, picture));
  }
  const sources = await Promise.all(
    uploaded.map(async (image) => {
      const snap = await journalRef.collection('images').doc(image.id).get();
      const bytes = Object.fromEntries(
        await Promise.all(
          VARIANTS.map(async (v) => [
            v,
            await storedBytes(`journals/${wedding.id}/${image.id}/${v}.webp`),
          ]),
        ),
      );
      // The fields every copy shares; each gets its own number, place and URLs.
      const fields = { ...snap.data() };
      for (const own of ['seq', 'orderIndex', 'imageUrl', 'thumbUrl']) delete fields[own];
      return { fields, bytes };
    }),
  );

  const copies = [];
  await pool(PHOTOS - UPLOADED, 8, async (i) => {
    const n = UPLOADED + i;
    const source = sources[n % UPLOADED];
    copies.push(await copyPhoto(wedding.id, source.fields, source.bytes, n + 1, n));
  });
  await writeAll(copies.map(({ ref, data }) => [ref, data]));
  await journalRef.update({ nextPhotoSeq: PHOTOS + 1, photoCount: PHOTOS });
  // The photo index, as the API keeps it (the uploads wrote it for the first UPLOADED).
  await journalRef
    .collection('photoIndex')
    .doc('all')
    .set(
      photoIndexFields([...uploaded, ...copies.map(({ ref, data }) => coverCopy(ref.id, data))]),
    );
  console.log(`big: ${PHOTOS} photos in ${ms(Date.now() - started)}`);

  // Entries, oldest first, a minute apart and ending an hour ago; every tenth names a photo,
  // every seventh is tied to one, every thirteenth answers the one before it. The newest names
  // photo 900, so the page's first screen has that link.
  const journal = (await journalRef.get()).data();
  const photoIds = [...uploaded.map((image) => image.id), ...copies.map((c) => c.ref.id)];
  const authors = [owner, guest];
  const end = Date.now() - 3_600_000;
  const entryRefs = [];
  const entries = Array.from({ length: ENTRIES }, (_, i) => {
    const ref = journalRef.collection('comments').doc();
    entryRefs.push(ref);
    const author = authors[i % 2];
    const card = journal.members[author.uid];
    const k = i + 1;
    const text =
      k === ENTRIES
        ? `Look at #photo ${PHOTO_TARGET}`
        : k === 1
          ? FIRST_ENTRY
          : k % 10 === 0
            ? `Entry ${k}: remember #photo ${(k % PHOTOS) + 1}`
            : `Entry ${k}: dancing until late`;
    return [
      ref,
      {
        userId: author.uid,
        text,
        photoId: k % 7 === 0 ? photoIds[k % photoIds.length] : null,
        parentCommentId: k % 13 === 0 ? entryRefs[i - 1].id : null,
        photoRefs: photoRefsIn(text),
        createdAt: Timestamp.fromMillis(end - (ENTRIES - k) * 60_000),
        user: {
          id: author.uid,
          firstName: card.firstName ?? null,
          lastName: card.lastName ?? null,
          profilePictureUrl: card.profilePictureUrl ?? null,
        },
      },
    ];
  });
  await writeAll(entries);
  console.log(`big: ${ENTRIES} entries in ${ms(Date.now() - started)}`);

  // The owner's other moments, each with one photo (a copy) as its cover.
  const ownerCard = journal.members[owner.uid];
  const others = [];
  await pool(MOMENTS - 1, 8, async (i) => {
    const ref = adminDb.collection('journals').doc();
    const source = sources[i % UPLOADED];
    const photo = await copyPhoto(ref.id, source.fields, source.bytes, 1, 0);
    const createdAt = Timestamp.fromMillis(end - (i + 1) * 86_400_000);
    const cover = coverCopy(photo.ref.id, photo.data);
    others.push(
      [
        ref,
        {
          userId: owner.uid,
          title: `Moment ${i + 2}`,
          content: null,
          coverImageId: photo.ref.id,
          cover,
          photoCount: 1,
          nextPhotoSeq: 2,
          memberIds: [owner.uid],
          members: { [owner.uid]: { ...ownerCard, addedAt: createdAt } },
          createdAt,
          updatedAt: createdAt,
        },
      ],
      [photo.ref, photo.data],
      [
        adminDb.doc(`memberStates/${ref.id}_${owner.uid}`),
        {
          journalId: ref.id,
          userId: owner.uid,
          isPinned: false,
          newCommentsCount: 0,
          lastViewedAt: null,
        },
      ],
    );
  });
  await writeAll(others);
  // Both have seen everything: badges start at 0.
  await ok(owner, 'POST', `/api/journals/${wedding.id}/view`);
  await ok(guest, 'POST', `/api/journals/${wedding.id}/view`);
  console.log(`big: ${MOMENTS} moments in ${ms(Date.now() - started)}`);
  const cookie = await adminAuth.createSessionCookie(owner.idToken, { expiresIn: 3_600_000 });
  return { owner, guest, journalId: wedding.id, cookie };
}

const sleep = (time) => new Promise((resolve) => setTimeout(resolve, time));

/** Waits until the page's Firestore traffic has been quiet for a while. */
async function settle(recording, quietMs = 3000, maxMs = 60_000) {
  const deadline = Date.now() + maxMs;
  let last = -1;
  let quietSince = Date.now();
  while (Date.now() < deadline) {
    const now =
      recording.requests().reduce((sum, r) => sum + r.encodedBytes, 0) +
      recording.firestoreDocuments();
    if (now !== last) {
      last = now;
      quietSince = Date.now();
    } else if (Date.now() - quietSince >= quietMs) {
      return;
    }
    await sleep(250);
  }
}

/** The main thread's JS heap after a garbage collection. */
async function heapAfterLoad(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  await cdp.detach();
  return usedSize;
}

/**
 * Waits until the page's listeners have had the server's answer to each query (named as the
 * synced list names them, without the reader's uid); false if they have not within the time.
 */
function listenersAnswered(page, queries) {
  return page
    .waitForFunction(
      (names) => {
        const synced = JSON.parse(localStorage.getItem('moments.syncedQueries') ?? '[]');
        return names.every((name) => synced.some((key) => key.startsWith(`${name}:`)));
      },
      queries,
      { timeout: 5 * PAGE_TIMEOUT_MS },
    )
    .then(
      () => true,
      () => false,
    );
}

/**
 * One open of `path` in `context`, recorded: reads, bytes and heap once its listeners have
 * answered (`queries`) and its traffic has settled.
 */
async function open(context, path, ready, queries) {
  const page = await context.newPage();
  const recording = await recordNetwork(page);
  const started = Date.now();
  await page.goto(path);
  await ready(page);
  const shownMs = Date.now() - started;
  const listened = await listenersAnswered(page, queries);
  await settle(recording);
  const requests = recording.requests();
  const bytesOf = (test) => requests.filter(test).reduce((sum, r) => sum + r.encodedBytes, 0);
  const isApi = (r) => new URL(r.url).pathname.startsWith('/api/') && r.type !== 'Image';
  const result = {
    shownMs,
    listened,
    reads: recording.firestoreDocuments(),
    jsonBytes: bytesOf(isApi),
    imageBytes: bytesOf((r) => r.type === 'Image'),
    images: requests.filter((r) => r.type === 'Image').length,
    heapBytes: await heapAfterLoad(page),
    domNodes: await page.evaluate(() => document.getElementsByTagName('*').length),
  };
  return { page, recording, result, startedAt: started };
}

async function newContext(browser, cookie) {
  const base = await appUrl();
  const context = await browser.newContext({
    baseURL: base,
    viewport: { width: 390, height: 844 },
    serviceWorkers: 'block',
  });
  await context.addCookies([{ name: '__session', value: cookie, url: base }]);
  return context;
}

/** Clicks "Earlier entries" until the first entry shows; how long that took (NaN if never). */
async function scrollToFirstEntry(page) {
  const started = Date.now();
  const first = page.getByText(FIRST_ENTRY, { exact: true });
  // Exactly: while a page loads the button reads "Loading earlier entries" and is disabled.
  const earlier = page.getByRole('button', { name: 'Earlier entries', exact: true });
  const loading = page.getByRole('button', { name: 'Loading earlier entries', exact: true });
  while (Date.now() - started < PAGE_TIMEOUT_MS) {
    if ((await first.count()) > 0) {
      await first.scrollIntoViewIfNeeded();
      await first.waitFor();
      return Date.now() - started;
    }
    if ((await earlier.count()) > 0) await earlier.first().click({ timeout: 10_000 });
    else if ((await loading.count()) > 0) await sleep(100);
    else {
      await page.evaluate(() =>
        document.getElementById('timeline-heading')?.scrollIntoView({ block: 'start' }),
      );
      await sleep(100);
    }
  }
  return Number.NaN;
}

/** From a tap on the newest entry's "#photo 900" to photo 900 shown in the viewer. */
async function openPhoto(page) {
  const started = Date.now();
  await page
    .getByRole('button', { name: `#photo ${PHOTO_TARGET}` })
    .last()
    .click();
  await page.getByRole('button', { name: `View photo ${PHOTO_TARGET} fullscreen` }).click();
  const shown = page.getByRole('img', { name: new RegExp(`photo ${PHOTO_TARGET} of ${PHOTOS}$`) });
  await shown.waitFor({ timeout: PAGE_TIMEOUT_MS });
  await page.waitForFunction(
    (img) => img.complete && img.naturalWidth > 0,
    await shown.elementHandle(),
    { timeout: PAGE_TIMEOUT_MS },
  );
  return Date.now() - started;
}

async function browse({ journalId, cookie }) {
  const browser = await chromium.launch(chromiumLaunchOptions());
  try {
    // Shown: the title and the timeline's first entries (the newest entry, with its "#photo
    // 900" link, is timed apart: it is last in the timeline).
    const momentReady = async (page) => {
      await page
        .getByRole('heading', { name: 'Our wedding' })
        .waitFor({ timeout: PAGE_TIMEOUT_MS });
      await page.locator('[data-entry-text]').first().waitFor({ timeout: PAGE_TIMEOUT_MS });
    };
    const homeReady = (page) =>
      page.getByTestId('moment-card').first().waitFor({ timeout: PAGE_TIMEOUT_MS });

    const figures = {};
    for (const [key, path, ready, queries] of [
      // The home list's newest page and the marked states' two queries (live-listeners.ts).
      ['home', '/home', homeReady, ['journals/newest', 'memberStates/pinned', 'memberStates/new']],
      [
        'moment',
        `/journals/${journalId}`,
        momentReady,
        [
          `journals/${journalId}/photoIndex`,
          `journals/${journalId}/comments`,
          `memberStates/${journalId}`,
        ],
      ],
    ]) {
      const context = await newContext(browser, cookie);
      const cold = await open(context, path, ready, queries);
      let firstEntryMs = Number.NaN;
      let photoMs = Number.NaN;
      let newestEntryMs = Number.NaN;
      if (key === 'moment') {
        newestEntryMs = await cold.page
          .getByRole('button', { name: `#photo ${PHOTO_TARGET}` })
          .last()
          .waitFor({ state: 'attached', timeout: 5 * PAGE_TIMEOUT_MS })
          .then(
            () => Date.now() - cold.startedAt,
            () => Number.NaN,
          );
        photoMs = await openPhoto(cold.page).catch((error) => {
          console.log(`big: photo ${PHOTO_TARGET}: ${error.message.split('\n')[0]}`);
          return Number.NaN;
        });
        await cold.page.keyboard.press('Escape');
        firstEntryMs = await scrollToFirstEntry(cold.page).catch(() => Number.NaN);
      }
      await cold.recording.stop();
      await cold.page.close();
      // The live-data worker lets the cache go when its page closes; the next open takes it.
      await sleep(1000);
      const warm = await open(context, path, ready, queries);
      await warm.recording.stop();
      await context.close();
      figures[key] = {
        cold: cold.result,
        warm: warm.result,
        newestEntryMs,
        firstEntryMs,
        photoMs,
      };
      console.log(`big: ${key}: ${JSON.stringify(figures[key])}`);
    }
    return figures;
  } finally {
    await browser.close();
  }
}

const kib = (bytes) => `${Math.round(bytes / 1024).toLocaleString('en-US')} KiB`;
const mib = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const seconds = (value) => (Number.isFinite(value) ? `${(value / 1000).toFixed(2)} s` : '-');

export async function run() {
  const seeded = await seed();
  const { owner, journalId, cookie } = seeded;
  // What the API's first answers hold (items: moments, photos or entries; all the photos come
  // from one index document).
  const apiAnswers = {};
  for (const [key, path] of [
    ['journals', '/api/journals'],
    ['journal', `/api/journals/${journalId}`],
    ['comments', `/api/journals/${journalId}/comments?limit=50`],
    // Not on open: asked for only when a screen needs a photo the first answer does not hold.
    ['photoIndex', `/api/journals/${journalId}/photo-index`],
  ]) {
    const res = await call(owner, 'GET', path);
    const body = res.body;
    const items = Array.isArray(body)
      ? body.length
      : (body.images ?? body.entries ?? body.photos ?? []).length;
    apiAnswers[key] = { status: res.status, bytes: JSON.stringify(body).length, items, ms: res.ms };
  }

  const browsed = PARTS.includes('browse') ? await browse(seeded) : undefined;

  mkdirSync(LIGHTHOUSE_DIR, { recursive: true });
  const lowered = PARTS.includes('lighthouse') ? lowerServerPriority() : 0;
  const base = await appUrl();
  const lighthouse = {};
  for (const [key, path] of [
    ['home', '/home'],
    ['moment', `/journals/${journalId}`],
  ]) {
    const runs = [];
    for (let i = 1; i <= (PARTS.includes('lighthouse') ? RUNS : 0); i += 1) {
      runs.push(await measure(`${base}${path}`, cookie, `big-${key}-${i}`));
      console.log(`big: lighthouse ${path} run ${i}: ${runs.at(-1).score}`);
    }
    if (runs.length) lighthouse[key] = { ...medians(runs), scores: runs.map((r) => r.score) };
  }

  const targets = {
    ...(browsed && {
      momentReads: browsed.moment.cold.reads <= GOALS.momentReads,
      homeReads: browsed.home.cold.reads <= GOALS.homeReads,
      momentHeap: browsed.moment.cold.heapBytes < GOALS.heapBytes,
      homeHeap: browsed.home.cold.heapBytes < GOALS.heapBytes,
    }),
    ...(lighthouse.home && {
      momentScore: lighthouse.moment.score >= GOALS.score,
      homeScore: lighthouse.home.score >= GOALS.score,
    }),
  };
  const label = {
    home: `/home, ${MOMENTS} moments`,
    moment: `/journals/:id, ${PHOTOS} photos, ${ENTRIES} entries`,
  };
  const data = {
    profile: { photos: PHOTOS, entries: ENTRIES, moments: MOMENTS, lighthouseRuns: RUNS },
    serverProcessesLowered: lowered,
    apiAnswers,
    browsed,
    lighthouse,
  };
  return {
    title: 'Big moments (issue 45)',
    passed: Object.values(targets).every(Boolean),
    targets,
    tables: [
      ...(lighthouse.home
        ? [
            {
              title: `Lighthouse mobile, median of ${RUNS} (host CPU index per run in .data/bench/big.json)`,
              columns: ['page', 'score (runs)', 'LCP', 'TBT', 'bytes (JS, images)'],
              rows: ['home', 'moment'].map((key) => {
                const m = lighthouse[key];
                return [
                  label[key],
                  `${m.score} (${m.scores.join(', ')})`,
                  seconds(m.lcpMs),
                  ms(m.tbtMs),
                  `${kib(m.bytes)} (${kib(m.scriptBytes)}, ${kib(m.imageBytes)})`,
                ];
              }),
            },
          ]
        : []),
      ...(browsed
        ? [
            {
              title:
                'One open in Chromium (390 px wide): Firestore documents the listeners received, ' +
                'API JSON and images on the wire, JS heap of the main thread after a GC',
              columns: [
                'page',
                'reads cold / warm',
                'JSON cold / warm',
                'images cold (files)',
                'heap cold / warm',
                'DOM nodes',
                'shown after',
              ],
              rows: ['home', 'moment'].map((key) => {
                const { cold, warm } = browsed[key];
                return [
                  label[key],
                  `${cold.reads} / ${warm.reads}`,
                  `${kib(cold.jsonBytes)} / ${kib(warm.jsonBytes)}`,
                  `${kib(cold.imageBytes)} (${cold.images})`,
                  `${mib(cold.heapBytes)} / ${mib(warm.heapBytes)}`,
                  cold.domNodes,
                  seconds(cold.shownMs),
                ];
              }),
            },
            {
              title: 'On the moment page',
              columns: [
                'newest entry rendered, from navigation',
                'scroll the timeline up to its first entry',
                `open photo ${PHOTO_TARGET} in the viewer`,
              ],
              rows: [
                [
                  seconds(browsed.moment.newestEntryMs),
                  seconds(browsed.moment.firstEntryMs),
                  seconds(browsed.moment.photoMs),
                ],
              ],
            },
          ]
        : []),
      {
        title:
          'The API answers (items: moments, photos, entries; the journal holds the first 20 ' +
          'photos, photoIndex every photo, asked for only when a screen needs one more)',
        columns: ['answer', 'items', 'JSON', 'time'],
        rows: Object.entries(apiAnswers).map(([key, a]) => [key, a.items, kib(a.bytes), ms(a.ms)]),
      },
    ],
    data,
  };
}
