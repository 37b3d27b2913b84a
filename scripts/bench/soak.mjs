/* global window -- read in the page: the arrivals busy-browser.mjs records */
// The party soak: 50 members of one moment for 10 minutes (SOAK_MINUTES, `--minutes` of
// `npm run bench`), each at a person's pace: posting entries, adding a photo now and then,
// opening the moment and marking it viewed. Three of them have the moment open in Chromium.
// Each client behaves as the app's outbox does: every entry and photo carries a client-made id,
// a failed or lost answer is retried with the same id, and some sends go twice at once (a
// double tap, a retry racing the first answer). Targets: 0 lost, 0 duplicated, 0 5xx, every
// badge exact at the end, every browser showing every entry, live entries in the browsers
// within 1 s at p95.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from '../chromium.mjs';
import { openMoment } from './busy-browser.mjs';
import { adminDb, appUrl, call, sharedMoment } from './people.mjs';
import { detailedPhoto } from './photos.mjs';
import { ms, percentile } from './report.mjs';
import { processTable } from './server-priority.mjs';

const MEMBERS = 50;
const VIEWERS = 3;
const MINUTES = Number(process.env.SOAK_MINUTES ?? 10);
/** A person's pace: a pause of 8 to 40 s between two things they do (about 2 a minute). */
const PAUSE_MS = [8_000, 40_000];
/** What a person does next: mostly write, sometimes look, now and then a photo. */
const ACTIONS = [
  ['post', 0.6],
  ['open', 0.3],
  ['photo', 0.1],
];
/** Share of sends that go twice at once with the same client id. */
const DOUBLE_SEND = 0.1;
const MAX_TRIES = 5;
const ARRIVAL_P95_TARGET_MS = 1000;
const SETTLE_MS = 20_000;
/** The timeline's page, as the app asks for it (TIMELINE_PAGE_SIZE, shared/src/constants.ts). */
const TIMELINE_PAGE_SIZE = 50;

const pause = (range) => range[0] + Math.random() * (range[1] - range[0]);
const sleep = (msToWait) => new Promise((resolve) => setTimeout(resolve, msToWait));

function pick() {
  let r = Math.random();
  for (const [name, share] of ACTIONS) {
    if ((r -= share) < 0) return name;
  }
  return ACTIONS[0][0];
}

/**
 * The function's worker processes (the Functions emulator runs the code in Node children of
 * the CLI that started this script; it starts more under concurrent requests) and their
 * resident memory in MB.
 */
function functionMemory() {
  const table = processTable();
  let cli = process.ppid;
  while (table.has(cli) && !table.get(cli).cmd.includes('emulators:exec'))
    cli = table.get(cli).ppid;
  const underCli = (pid) => {
    for (let p = pid; table.has(p); p = table.get(p).ppid) if (p === cli) return true;
    return false;
  };
  const workers = [];
  for (const [pid, { cmd }] of table) {
    if (!cmd.includes('functionsEmulatorRuntime') || !underCli(pid)) continue;
    try {
      const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      if (rss) workers.push({ pid, mb: Math.round(Number(rss[1]) / 1024) });
    } catch {
      // ended meanwhile
    }
  }
  return workers;
}

/** A send the outbox way: retried with the same id until an answer that is not a failure. */
async function send(attempt, log) {
  for (let tries = 1; ; tries += 1) {
    const res = await attempt();
    log.push(res);
    if (res.status > 0 && res.status < 500) return res;
    if (tries >= MAX_TRIES) return res;
    await sleep(1000 * tries);
  }
}

async function uploadPhoto(person, journalId, bytes, id) {
  const form = new FormData();
  form.append('id', id);
  form.append('image', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'photo.jpg');
  const started = performance.now();
  try {
    const res = await fetch(`${await appUrl()}/api/journals/${journalId}/images`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${person.idToken}`, 'X-Forwarded-For': person.address },
      body: form,
    });
    await res.arrayBuffer();
    return { status: res.status, ms: performance.now() - started };
  } catch (error) {
    return { status: 0, body: String(error.cause?.code ?? error), ms: performance.now() - started };
  }
}

export async function run() {
  console.log(`soak: ${MEMBERS} members, ${MINUTES} min, making the moment`);
  const { journalId, people } = await sharedMoment(MEMBERS, 'The party', { oneAtATime: true });
  const photos = await Promise.all([1, 2, 3, 4].map((seed) => detailedPhoto(seed, 1200, 900)));
  const browser = await chromium.launch(chromiumLaunchOptions());
  const viewers = await Promise.all(
    people.slice(0, VIEWERS).map((p) => openMoment(browser, p, journalId)),
  );
  await sleep(1500);
  const memoryAtStart = functionMemory();

  const log = { post: [], open: [], view: [], photo: [] };
  const entries = []; // { k, id, author, sentAt, stored }
  const uploads = []; // { id, author, stored }
  let next = 0;
  const started = Date.now();
  const endAt = started + MINUTES * 60_000;

  async function post(person) {
    const k = next++;
    const entry = { k, id: randomUUID(), author: person.uid, sentAt: Date.now(), stored: false };
    entries.push(entry);
    const once = () =>
      send(
        () =>
          call(person, 'POST', `/api/journals/${journalId}/comments`, {
            id: entry.id,
            text: `arrival-${k} from ${person.firstName}`,
          }),
        log.post,
      );
    const answers = await Promise.all(Math.random() < DOUBLE_SEND ? [once(), once()] : [once()]);
    entry.stored = answers.some((a) => a.status === 201 || a.status === 200);
  }

  async function addPhoto(person) {
    const upload = { id: randomUUID(), author: person.uid, stored: false };
    uploads.push(upload);
    const bytes = photos[uploads.length % photos.length];
    const once = () => send(() => uploadPhoto(person, journalId, bytes, upload.id), log.photo);
    const answers = await Promise.all(Math.random() < DOUBLE_SEND ? [once(), once()] : [once()]);
    upload.stored = answers.some((a) => a.status === 201 || a.status === 200);
  }

  async function open(person) {
    // The moment page's first answers through the API (the timeline's newest page), then the
    // view mark.
    log.open.push(await call(person, 'GET', `/api/journals/${journalId}`));
    log.open.push(
      await call(person, 'GET', `/api/journals/${journalId}/comments?limit=${TIMELINE_PAGE_SIZE}`),
    );
    log.view.push(await call(person, 'POST', `/api/journals/${journalId}/view`));
  }

  async function live(person) {
    await sleep(Math.random() * PAUSE_MS[1]);
    while (Date.now() < endAt) {
      const action = pick();
      if (action === 'post') await post(person);
      else if (action === 'photo') await addPhoto(person);
      else await open(person);
      await sleep(pause(PAUSE_MS));
    }
  }

  const progress = setInterval(() => {
    const minute = ((Date.now() - started) / 60_000).toFixed(1);
    const failures = Object.values(log)
      .flat()
      .filter((a) => a.status === 0 || a.status >= 500).length;
    console.log(
      `soak: ${minute} min, ${entries.length} entries, ${uploads.length} photos, ${failures} failed answers`,
    );
  }, 60_000);
  await Promise.all(people.map(live));
  clearInterval(progress);
  const wallS = (Date.now() - started) / 1000;

  // Exactly once: every entry and photo answered as stored is stored once, under its id, and
  // nothing else is stored.
  const journal = adminDb.doc(`journals/${journalId}`);
  const [commentSnap, imageSnap] = await Promise.all([
    journal.collection('comments').get(),
    journal.collection('images').get(),
  ]);
  const storedEntryIds = commentSnap.docs.map((d) => d.id);
  const textCounts = new Map();
  for (const d of commentSnap.docs) {
    const k = /arrival-(\d+)/.exec(d.get('text'))?.[1];
    textCounts.set(k, (textCounts.get(k) ?? 0) + 1);
  }
  const answeredEntries = entries.filter((e) => e.stored);
  const lostEntries = answeredEntries.filter((e) => !storedEntryIds.includes(e.id)).length;
  const duplicatedEntries = [...textCounts.values()].filter((n) => n > 1).length;
  const unexpectedEntries = storedEntryIds.filter((id) => !entries.some((e) => e.id === id)).length;
  const storedImageIds = imageSnap.docs.map((d) => d.id);
  const answeredPhotos = uploads.filter((u) => u.stored);
  const lostPhotos = answeredPhotos.filter((u) => !storedImageIds.includes(u.id)).length;
  const unexpectedPhotos = storedImageIds.filter((id) => !uploads.some((u) => u.id === id)).length;

  // Badges: for each member, the entries by others stored after their last view.
  const stateSnaps = await Promise.all(
    people.map((p) => adminDb.doc(`memberStates/${journalId}_${p.uid}`).get()),
  );
  const badgesWrong = [];
  for (const [i, person] of people.entries()) {
    // In commit order: entries committed after the member's last view cleared the badge
    // (markViewed's seenThrough). Whole timestamps (Timestamp.valueOf() sorts as text): a view
    // and a post can fall in the same millisecond.
    const seenThrough = stateSnaps[i].get('seenThrough')?.valueOf() ?? '';
    const expected = commentSnap.docs.filter(
      (d) => d.get('userId') !== person.uid && d.createTime.valueOf() > seenThrough,
    ).length;
    const list = await call(person, 'GET', '/api/journals');
    const badge = list.body?.find?.((j) => j.id === journalId)?.newCommentsCount;
    if (badge !== expected) badgesWrong.push({ member: person.firstName, badge, expected });
  }

  // The browsers: time from send to showing, for entries by others; every stored entry shown.
  await sleep(Math.min(SETTLE_MS, 5000));
  const arrivals = [];
  // By when the entry was sent (first, middle, last third): whether showing an entry slows as
  // the moment grows.
  const arrivalsByThird = [[], [], []];
  // From the entry's stored time (the server's clock, on this machine) to showing: the live
  // delivery alone, without the post's own answer time.
  const storedAt = new Map(commentSnap.docs.map((d) => [d.id, d.get('createdAt').toMillis()]));
  const deliveries = [];
  let notShown = 0;
  const deadline = Date.now() + SETTLE_MS;
  for (const viewer of viewers) {
    let seen = {};
    while (Date.now() < deadline) {
      seen = await viewer.page.evaluate(() => window.__arrivals);
      if (answeredEntries.every((e) => seen[e.k] !== undefined)) break;
      await sleep(500);
    }
    for (const e of answeredEntries) {
      if (seen[e.k] === undefined) notShown += 1;
      else if (e.author !== viewer.person.uid) {
        arrivals.push(seen[e.k] - e.sentAt);
        deliveries.push(seen[e.k] - storedAt.get(e.id));
        arrivalsByThird[Math.min(2, Math.floor((3 * e.k) / entries.length))].push(
          seen[e.k] - e.sentAt,
        );
      }
    }
  }
  const memoryAtEnd = functionMemory();
  await Promise.all(viewers.map((v) => v.context.close()));
  await browser.close();

  const actions = Object.entries(log).map(([name, answers]) => {
    const latencies = answers.map((a) => a.ms);
    return {
      name,
      count: answers.length,
      fivexx: answers.filter((a) => a.status >= 500).length,
      dropped: answers.filter((a) => a.status === 0).length,
      other4xx: answers.filter((a) => a.status >= 400 && a.status < 500).length,
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      max: latencies.length ? Math.max(...latencies) : Number.NaN,
    };
  });
  const failures = actions.reduce((n, a) => n + a.fivexx + a.dropped, 0);
  const arrivalP95 = percentile(arrivals, 95);
  const targets = {
    noneLost: lostEntries === 0 && lostPhotos === 0 && answeredEntries.length === entries.length,
    noneDuplicated: duplicatedEntries === 0 && unexpectedEntries === 0 && unexpectedPhotos === 0,
    no5xx: failures === 0,
    badgesExact: badgesWrong.length === 0,
    everyBrowserShowsEveryEntry: notShown === 0,
    arrivalP95Under1s: arrivalP95 < ARRIVAL_P95_TARGET_MS,
  };
  // The Functions emulator starts a worker per concurrent request and keeps them: their count,
  // their total and the largest (one production instance is one such process).
  const memory = (workers) =>
    workers.length
      ? `${workers.length} workers, ${workers.reduce((n, w) => n + w.mb, 0)} MB in all, largest ${Math.max(...workers.map((w) => w.mb))} MB`
      : '-';
  return {
    title: `Party soak: ${MEMBERS} members of one moment for ${MINUTES} min, ${VIEWERS} with it open in Chromium`,
    passed: Object.values(targets).every(Boolean),
    targets,
    tables: [
      {
        title: `What was done (${Math.round(wallS)} s): ${(entries.length / wallS).toFixed(2)} posts/s; sends include retries and double sends with the same client id`,
        columns: ['action', 'answers', '5xx', 'dropped', 'other 4xx', 'p50', 'p95', 'max'],
        rows: actions.map((a) => [
          a.name,
          a.count,
          a.fivexx,
          a.dropped,
          a.other4xx,
          ms(a.p50),
          ms(a.p95),
          ms(a.max),
        ]),
      },
      {
        title: 'Stored exactly once, badges, browsers, memory',
        columns: ['measure', 'value'],
        rows: [
          [
            'entries posted / answered stored / stored',
            `${entries.length} / ${answeredEntries.length} / ${storedEntryIds.length}`,
          ],
          [
            'entries lost / duplicated / unexpected',
            `${lostEntries} / ${duplicatedEntries} / ${unexpectedEntries}`,
          ],
          [
            'photos added / answered stored / stored',
            `${uploads.length} / ${answeredPhotos.length} / ${storedImageIds.length}`,
          ],
          ['photos lost / unexpected', `${lostPhotos} / ${unexpectedPhotos}`],
          ['badges exact', `${MEMBERS - badgesWrong.length} of ${MEMBERS}`],
          ['browser entries not shown', `${notShown} of ${answeredEntries.length * VIEWERS}`],
          [
            'live entry, send to shown in another browser: p50 / p95 / max',
            `${ms(percentile(arrivals, 50))} / ${ms(arrivalP95)} / ${ms(arrivals.length ? Math.max(...arrivals) : Number.NaN)} (${arrivals.length} samples)`,
          ],
          [
            'live entry, stored to shown: p50 / p95 / max',
            `${ms(percentile(deliveries, 50))} / ${ms(percentile(deliveries, 95))} / ${ms(deliveries.length ? Math.max(...deliveries) : Number.NaN)}`,
          ],
          [
            'live entry p95 by third of the run (first / middle / last)',
            arrivalsByThird.map((third) => ms(percentile(third, 95))).join(' / '),
          ],
          [
            'function worker memory (RSS) at start / end',
            `${memory(memoryAtStart)} / ${memory(memoryAtEnd)}`,
          ],
        ],
      },
    ],
    data: {
      journalId,
      minutes: MINUTES,
      wallS,
      actions,
      badgesWrong,
      memoryAtStart,
      memoryAtEnd,
      arrivals: {
        count: arrivals.length,
        p50: percentile(arrivals, 50),
        p95: arrivalP95,
        p95ByThird: arrivalsByThird.map((third) => percentile(third, 95)),
        storedToShownP95: percentile(deliveries, 95),
      },
    },
  };
}
