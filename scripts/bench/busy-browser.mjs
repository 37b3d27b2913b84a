/* global window, document, MutationObserver -- these functions run in the page */
// Entries reaching the people who have the moment open: three members each in their own
// Chromium context on /journals/:id; entries are posted back to back through the API, each by
// one of them in turn, and every other page notes when its text appears.
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from '../chromium.mjs';
import { adminAuth, appUrl, call, sharedMoment } from './people.mjs';
import { percentile } from './report.mjs';

const VIEWERS = 3;
const ENTRIES = 12;
const ARRIVAL_TIMEOUT_MS = 20_000;
const PAGE_TIMEOUT_MS = 90_000;

/** Records, in the page, when each "arrival-<k>" text first appears (epoch ms). */
export function watchArrivals() {
  const seen = {};
  window.__arrivals = seen;
  const note = (node) => {
    for (const match of (node.textContent ?? '').matchAll(/arrival-(\d+)/g)) {
      seen[match[1]] ??= Date.now();
    }
  };
  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) note(node);
      if (record.type === 'characterData') note(record.target);
    }
  }).observe(document, { childList: true, subtree: true, characterData: true });
}

export async function openMoment(browser, person, journalId) {
  const base = await appUrl();
  const context = await browser.newContext({
    baseURL: base,
    viewport: { width: 390, height: 844 },
    extraHTTPHeaders: { 'X-Forwarded-For': person.address },
  });
  const cookie = await adminAuth.createSessionCookie(person.idToken, { expiresIn: 3_600_000 });
  await context.addCookies([{ name: '__session', value: cookie, url: base }]);
  const page = await context.newPage();
  await page.addInitScript(watchArrivals);
  await page.goto(`/journals/${journalId}`);
  await page.getByRole('heading', { name: 'Timeline' }).waitFor({ timeout: PAGE_TIMEOUT_MS });
  await page.getByText('No entries yet.').waitFor({ timeout: PAGE_TIMEOUT_MS });
  return { person, page, context };
}

/**
 * `entries` posts, back to back unless `spacingMs` apart; resolves to the times each took to
 * show on the other members' pages.
 */
export async function entryArrival({ entries = ENTRIES, spacingMs = 0 } = {}) {
  const { journalId, people } = await sharedMoment(VIEWERS, 'Watched together');
  const browser = await chromium.launch(chromiumLaunchOptions());
  try {
    const viewers = await Promise.all(people.map((p) => openMoment(browser, p, journalId)));
    // Let the pages settle (first view marks, listeners confirmed by the server).
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const sent = [];
    for (let k = 0; k < entries; k += 1) {
      if (k > 0 && spacingMs > 0) await new Promise((resolve) => setTimeout(resolve, spacingMs));
      const author = people[k % VIEWERS];
      const at = Date.now();
      const res = await call(author, 'POST', `/api/journals/${journalId}/comments`, {
        text: `arrival-${k}`,
      });
      if (res.status !== 201) throw new Error(`post answered ${res.status}`);
      sent.push({ k, author, at });
    }
    const deadline = Date.now() + ARRIVAL_TIMEOUT_MS;
    const samples = [];
    let missing = 0;
    for (const viewer of viewers) {
      const others = sent.filter((s) => s.author !== viewer.person);
      let arrivals = {};
      while (Date.now() < deadline) {
        arrivals = await viewer.page.evaluate(() => window.__arrivals);
        if (others.every((s) => arrivals[s.k] !== undefined)) break;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      for (const s of others) {
        if (arrivals[s.k] === undefined) missing += 1;
        else samples.push(arrivals[s.k] - s.at);
      }
    }
    await Promise.all(viewers.map((v) => v.context.close()));
    return {
      viewers: VIEWERS,
      entries,
      samples,
      missing,
      median: percentile(samples, 50),
      p95: percentile(samples, 95),
      max: samples.length ? Math.max(...samples) : Number.NaN,
    };
  } finally {
    await browser.close();
  }
}
