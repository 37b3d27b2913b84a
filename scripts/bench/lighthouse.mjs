// Lighthouse on the three pages people use most, in its default mobile settings (simulated slow
// 4G, 4× CPU slowdown, a Moto G Power screen), with Debian's Chromium: /auth signed out, /home of
// a person with 50 moments, and /journals/:id of a moment with 30 photos and 20 entries, signed
// in through the session cookie. Each page runs RUNS times in a fresh browser; the table and
// .data/lighthouse/summary.json give the medians, and .data/lighthouse/ keeps every HTML report.
// Also measures how long an entry takes to show on another member's open moment page; then the
// emulators drop to the lowest CPU priority for the rest of the run (server-priority.mjs), and
// each Lighthouse run works in a process of its own at a low priority (lighthouse-run.mjs),
// beside the browser it drives, which this script starts at its own.
//
// While working on one page: LIGHTHOUSE_PAGES=auth (comma-separated keys: auth, home, detail)
// and LIGHTHOUSE_RUNS=1 measure less; the summary then holds only those pages.
import { fork } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import { chromium } from 'playwright-core';
import { CHROMIUM_PATH } from '../chromium.mjs';
import { root } from '../test-ports.mjs';
import { entryArrival } from './busy-browser.mjs';
import { adminAuth, appUrl, newPerson, ok, pool, upload } from './people.mjs';
import { detailedPhoto } from './photos.mjs';
import { ms, percentile } from './report.mjs';
import { lowerServerPriority } from './server-priority.mjs';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const MOMENTS = 50;
const DETAIL_PHOTOS = 30;
const DETAIL_ENTRIES = 20;
const DISTINCT_PHOTOS = 6;
const OUT_DIR = join(root, '.data', 'lighthouse');
const RUNNER = fileURLToPath(new URL('./lighthouse-run.mjs', import.meta.url));

const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** The goal: score per page, and on every page these metric and category limits. */
const SCORE_TARGET = { auth: 95, home: 90, detail: 90 };
const LIMITS = { lcpMs: 2500, tbtMs: 200, cls: 0.05, otherCategories: 95 };

/** A person with MOMENTS moments of one photo each, the first with DETAIL_PHOTOS and entries. */
async function seed() {
  const person = await newPerson('Lia');
  const photos = await Promise.all(
    Array.from({ length: DISTINCT_PHOTOS }, (_, i) => detailedPhoto(i)),
  );
  const detail = await ok(person, 'POST', '/api/journals', { title: 'Summer at the lake' });
  await pool(DETAIL_PHOTOS, 2, (i) =>
    upload(person, `/api/journals/${detail.id}/images`, photos[i % photos.length]),
  );
  for (let i = 0; i < DETAIL_ENTRIES; i += 1) {
    await ok(person, 'POST', `/api/journals/${detail.id}/comments`, {
      text: i % 5 === 4 ? `Look at #photo ${i}` : `Entry ${i + 1}: a day by the water`,
    });
  }
  await pool(MOMENTS - 1, 3, async (i) => {
    const moment = await ok(person, 'POST', '/api/journals', { title: `Moment ${i + 2}` });
    await upload(person, `/api/journals/${moment.id}/images`, photos[(i + 1) % photos.length]);
  });
  const cookie = await adminAuth.createSessionCookie(person.idToken, { expiresIn: 3_600_000 });
  return { detailId: detail.id, cookie };
}

/**
 * Signs the browser in as a person's browser is: the session cookie in its own cookie jar, where
 * the app's live-data worker finds it too (Lighthouse's extra headers reach the page's requests
 * only). Lighthouse's storage reset leaves cookies.
 */
async function signIn(port, url, cookie) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    await browser.contexts()[0].addCookies([
      {
        name: '__session',
        value: cookie,
        url: new URL(url).origin,
        httpOnly: true,
        sameSite: 'Strict',
      },
    ]);
  } finally {
    // Disconnects; the browser is chrome-launcher's.
    await browser.close();
  }
}

/**
 * Runs lighthouse-run.mjs in a process of its own (it lowers its priority) and answers what it
 * sends: the figures of its report.
 */
function lighthouseInChild(url, port, reportPath) {
  return new Promise((resolve, reject) => {
    const child = fork(RUNNER, [url, String(port), reportPath], { stdio: 'inherit' });
    let answer;
    child.on('message', (message) => (answer = message));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (answer?.result) resolve(answer.result);
      else reject(new Error(answer?.error ?? `Lighthouse's process ended with ${code}`));
    });
  });
}

/** One Lighthouse run of `url` in a fresh Chromium (signed in with `cookie`); writes its HTML report. */
export async function measure(url, cookie, reportName) {
  // Started here, at this script's priority; Lighthouse, which drives it, runs lower.
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROME_FLAGS,
  });
  try {
    if (cookie) await signIn(chrome.port, url, cookie);
    return await lighthouseInChild(url, chrome.port, join(OUT_DIR, reportName));
  } finally {
    chrome.kill();
  }
}

/** The median of each figure over the runs. */
export function medians(runs) {
  const keys = Object.keys(runs[0]);
  return Object.fromEntries(
    keys.map((k) => [
      k,
      percentile(
        runs.map((r) => r[k]),
        50,
      ),
    ]),
  );
}

const kib = (bytes) => `${Math.round(bytes / 1024).toLocaleString('en-US')} KiB`;
const seconds = (value) => (Number.isFinite(value) ? `${(value / 1000).toFixed(1)} s` : '-');

export async function run() {
  mkdirSync(OUT_DIR, { recursive: true });
  const base = await appUrl();
  const wanted = (process.env.LIGHTHOUSE_PAGES ?? 'auth,home,detail').split(',');
  const signedInPages = wanted.some((key) => key !== 'auth');
  const { detailId, cookie } = signedInPages ? await seed() : {};
  const allPages = [
    { key: 'auth', path: '/auth', label: '/auth' },
    { key: 'home', path: '/home', label: `/home, ${MOMENTS} moments`, cookie },
    {
      key: 'detail',
      path: `/journals/${detailId}`,
      label: `/journals/:id, ${DETAIL_PHOTOS} photos, ${DETAIL_ENTRIES} entries`,
      cookie,
    },
  ];
  const pages = allPages.filter((page) => wanted.includes(page.key));

  // Entries posted a second apart, so each one's own time shows (not a queue behind others).
  // Measured first, with the emulators at their usual priority: their time is part of it.
  const live = !signedInPages
    ? { error: 'not measured (signed-out pages only)', samples: [], median: Number.NaN }
    : await entryArrival({ entries: 6, spacingMs: 1000 }).catch((error) => ({
        error: String(error.message ?? error).split('\n')[0],
        samples: [],
        median: Number.NaN,
      }));

  const lowered = lowerServerPriority();
  const results = [];
  for (const page of pages) {
    const runs = [];
    for (let i = 1; i <= RUNS; i += 1) {
      runs.push(await measure(`${base}${page.path}`, page.cookie, `${page.key}-${i}`));
      console.log(`lighthouse: ${page.path} run ${i}: ${runs.at(-1).score}`);
    }
    results.push({ ...page, runs, median: medians(runs) });
  }

  const targets = {};
  for (const r of results) {
    const m = r.median;
    targets[`${r.key}Score${SCORE_TARGET[r.key]}`] = m.score >= SCORE_TARGET[r.key];
    targets[`${r.key}Lcp`] = m.lcpMs <= LIMITS.lcpMs;
    targets[`${r.key}Tbt`] = m.tbtMs <= LIMITS.tbtMs;
    targets[`${r.key}Cls`] = m.cls <= LIMITS.cls;
    targets[`${r.key}OtherCategories`] = [m.accessibility, m.bestPractices, m.seo].every(
      (score) => score >= LIMITS.otherCategories,
    );
  }

  const summary = {
    at: new Date().toISOString(),
    lighthouse: `default mobile settings, median of ${RUNS} runs`,
    // How many of the emulators' processes ran at the lowest CPU priority (server-priority.mjs).
    serverProcessesLowered: lowered,
    pages: Object.fromEntries(
      results.map((r) => [
        r.path.startsWith('/journals/') ? '/journals/:id' : r.path,
        { ...r.median, scores: r.runs.map((x) => x.score) },
      ]),
    ),
    liveEntryMs: { median: live.median, samples: live.samples, error: live.error },
  };
  writeFileSync(join(OUT_DIR, 'summary.json'), `${JSON.stringify(summary, null, 2)}\n`);

  return {
    title: 'Lighthouse (mobile)',
    passed: Object.values(targets).every(Boolean),
    targets,
    tables: [
      {
        title: `Median of ${RUNS} runs (reports and summary.json in .data/lighthouse/)`,
        columns: [
          'page',
          `perf score (${RUNS} runs)`,
          'FCP',
          'LCP',
          'TBT',
          'CLS',
          'bytes (JS, images)',
          'a11y / BP / SEO',
          'host CPU index (runs)',
        ],
        rows: results.map(({ label, runs, median: m }) => [
          label,
          `${m.score} (${runs.map((x) => x.score).join(', ')})`,
          seconds(m.fcpMs),
          seconds(m.lcpMs),
          `${ms(m.tbtMs)} (${runs.map((x) => Math.round(x.tbtMs)).join(', ')})`,
          m.cls.toFixed(3),
          `${kib(m.bytes)} (${kib(m.scriptBytes)}, ${kib(m.imageBytes)})`,
          `${m.accessibility} / ${m.bestPractices} / ${m.seo}`,
          runs.map((x) => Math.round(x.benchmarkIndex)).join(', '),
        ]),
      },
      {
        title: 'An entry posted by one member, until it shows on the others’ open moment page',
        columns: ['samples', 'median', 'max'],
        rows: [
          live.error
            ? [0, '-', `failed: ${live.error}`]
            : [live.samples.length, ms(live.median), ms(Math.max(...live.samples))],
        ],
      },
    ],
    data: summary,
  };
}
