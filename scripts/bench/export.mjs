// Exports of a 30-photo and a 300-photo moment, as a person makes them: "Export" in the card's
// menu in Chromium, timed from the click to the finished download, with the page's JS heap
// sampled every 100 ms through the DevTools protocol (its peak) and the ZIP's size. Photos are
// 2400 x 1800 (the browser's upload size), so each export file is a full-quality copy.
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from '../chromium.mjs';
import { adminAuth, appUrl, call, newPerson, upload } from './people.mjs';
import { detailedPhoto } from './photos.mjs';
import { ms } from './report.mjs';

const SIZES = [30, 300];
const DISTINCT_PHOTOS = 6;
const EXPORT_TIMEOUT_MS = 30 * 60 * 1000;

async function pool(count, width, work) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < count) {
        const i = next;
        next += 1;
        await work(i);
      }
    }),
  );
}

/** A person whose only moment has `count` photos and an entry per ten photos. */
async function seed(count, photos) {
  const person = await newPerson(`Exporter${count}`);
  const res = await call(person, 'POST', '/api/journals', { title: `Export ${count}` });
  const journalId = res.body.id;
  await pool(count, 3, (i) =>
    upload(person, `/api/journals/${journalId}/images`, photos[i % photos.length]),
  );
  for (let i = 0; i < count / 10; i += 1) {
    await call(person, 'POST', `/api/journals/${journalId}/comments`, {
      text: `About #photo ${i * 10 + 1}`,
    });
  }
  return { person, journalId };
}

async function measure(browser, person) {
  const base = await appUrl();
  const context = await browser.newContext({
    baseURL: base,
    viewport: { width: 390, height: 844 },
    extraHTTPHeaders: { 'X-Forwarded-For': person.address },
    acceptDownloads: true,
  });
  const cookie = await adminAuth.createSessionCookie(person.idToken, { expiresIn: 3_600_000 });
  await context.addCookies([{ name: '__session', value: cookie, url: base }]);
  const page = await context.newPage();
  try {
    await page.goto('/home');
    await page.getByRole('button', { name: 'Moment options' }).click({ timeout: 90_000 });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    let peak = 0;
    const heap = async () => {
      const { metrics } = await cdp.send('Performance.getMetrics');
      const used = metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? 0;
      peak = Math.max(peak, used);
    };
    await heap();
    const before = peak;
    const sampler = setInterval(() => void heap().catch(() => undefined), 100);
    const started = performance.now();
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: EXPORT_TIMEOUT_MS }),
      page.getByRole('menuitem', { name: 'Export' }).click(),
    ]);
    const file = join(tmpdir(), `moments-bench-export-${Date.now()}.zip`);
    await download.saveAs(file);
    const elapsed = performance.now() - started;
    clearInterval(sampler);
    await heap();
    const zipBytes = (await readFile(file)).length;
    await rm(file, { force: true });
    return {
      ms: elapsed,
      heapBeforeMB: before / 2 ** 20,
      heapPeakMB: peak / 2 ** 20,
      zipMB: zipBytes / 2 ** 20,
    };
  } finally {
    await context.close();
  }
}

export async function run() {
  const photos = await Promise.all(
    Array.from({ length: DISTINCT_PHOTOS }, (_, i) => detailedPhoto(i, 2400, 1800)),
  );
  const browser = await chromium.launch(chromiumLaunchOptions());
  const rows = [];
  const data = [];
  try {
    for (const count of SIZES) {
      const { person } = await seed(count, photos);
      const figures = await measure(browser, person);
      data.push({ photos: count, ...figures });
      rows.push([
        String(count),
        ms(figures.ms),
        `${ms(figures.ms / count)}`,
        `${figures.heapBeforeMB.toFixed(1)} MB`,
        `${figures.heapPeakMB.toFixed(1)} MB`,
        `${figures.zipMB.toFixed(1)} MB`,
      ]);
    }
  } finally {
    await browser.close();
  }
  return {
    title: 'Export a moment (Chromium, from the click on Export to the finished download)',
    tables: [
      {
        title: 'Photos 2400 x 1800, fetched one at a time',
        columns: ['Photos', 'Time', 'Per photo', 'JS heap before', 'JS heap peak', 'ZIP'],
        rows,
      },
    ],
    data,
    // A measurement, not a gate: no target.
    passed: true,
  };
}
