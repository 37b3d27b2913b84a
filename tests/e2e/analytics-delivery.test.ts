// How event batches are delivered when the collector fails, with the real mixpanel-browser
// library in Chromium. The page's clock is Playwright's: the library's timers (flush every 5 s,
// retries) run only when the test moves time on, so minutes of back-off take seconds and the
// delay before each retry is measured exactly. The stand-in answers the faults.
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import {
  addFault,
  clearFaults,
  received,
  withOwnToken,
  type ReceivedRequest,
} from '../support/analytics';
import { useBrowser } from '../support/browser';

const { newPage } = useBrowser();
let token = '';

afterEach(async () => {
  if (token) await clearFaults(token);
});

const tracks = async () => (await received(token)).filter((r) => r.endpoint === 'track');
const insertIds = (requests: ReceivedRequest[]) =>
  requests.flatMap((r) => r.items.map((e) => (e.properties as { $insert_id: string }).$insert_id));
const realPause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The sign-in page with analytics running on a fake clock, and the fault in place. */
async function startPage(faults: Parameters<typeof addFault>[1][]): Promise<Page> {
  const page = await newPage();
  token = await withOwnToken(page);
  for (const fault of faults) await addFault(token, fault);
  await page.clock.install();
  const config = page.waitForResponse('**/api/config/analytics');
  await page.goto('/auth');
  await page.getByLabel('Phone number').waitFor();
  await config;
  // The library loads and queues app_loaded and the first page view.
  await realPause(1500);
  return page;
}

/** Clicks on the page: each is an autocaptured event. */
async function clicks(page: Page, count: number) {
  for (let i = 0; i < count; i++) await page.mouse.click(20, 300 + i);
}

/**
 * Moves the page's clock on `stepMs` at a time until the stand-in has `count` track requests;
 * answers how far it moved.
 */
async function advanceUntil(page: Page, count: number, stepMs = 1000, limitMs = 15 * 60_000) {
  let moved = 0;
  while ((await tracks()).length < count) {
    if (moved >= limitMs) throw new Error(`No request ${count} within ${limitMs} ms`);
    await page.clock.runFor(stepMs);
    moved += stepMs;
    await realPause(150);
  }
  return moved;
}

describe('event batch delivery', () => {
  it('retries a 5xx with the interval doubled each time', async () => {
    const page = await startPage([{ endpoint: 'track', status: 503, times: 2 }]);
    await advanceUntil(page, 1); // the first flush, after 5 s
    const second = await advanceUntil(page, 2);
    const third = await advanceUntil(page, 3);
    expect(second).toBe(10_000);
    expect(third).toBe(20_000);
    const requests = await tracks();
    expect(requests.map((r) => r.answered)).toEqual([503, 503, 200]);
    // The same events each time, delivered once it worked.
    expect(insertIds([requests[2]!])).toEqual(insertIds([requests[0]!]));
  });

  it('honours Retry-After on a 429', async () => {
    const page = await startPage([{ endpoint: 'track', status: 429, retryAfter: 3, times: 1 }]);
    await advanceUntil(page, 1);
    expect(await advanceUntil(page, 2, 500)).toBe(3000);
    expect((await tracks()).map((r) => r.answered)).toEqual([429, 200]);
  });

  it('caps the retry delay at 10 minutes', async () => {
    const page = await startPage([{ endpoint: 'track', status: 503, retryAfter: 3600, times: 1 }]);
    await advanceUntil(page, 1);
    expect(await advanceUntil(page, 2, 30_000)).toBe(600_000);
  });

  it('halves the batch on 413 until it fits, losing nothing', async () => {
    const page = await startPage([{ endpoint: 'track', status: 413, maxEvents: 2 }]);
    await clicks(page, 6);
    await advanceUntil(page, 1);
    // Keep flushing until every queued event has been accepted.
    const queued = insertIds(await tracks());
    let delivered: string[] = [];
    for (let i = 0; i < 40 && delivered.length < queued.length; i++) {
      await page.clock.runFor(5000);
      await realPause(300);
      delivered = insertIds((await tracks()).filter((r) => r.answered === 200));
    }
    const requests = await tracks();
    const refusedSizes = requests.filter((r) => r.answered === 413).map((r) => r.items.length);
    expect(refusedSizes[0]).toBeGreaterThan(2);
    for (let i = 1; i < refusedSizes.length; i++) {
      expect(refusedSizes[i]).toBeLessThanOrEqual(Math.ceil(refusedSizes[i - 1]! / 2) + 1);
    }
    expect(requests.filter((r) => r.answered === 200).every((r) => r.items.length <= 2)).toBe(true);
    expect(new Set(delivered)).toEqual(new Set(queued));
  });

  it('drops a single item that is too large and carries on', async () => {
    const page = await startPage([{ endpoint: 'track', status: 413, maxEvents: 0 }]);
    await advanceUntil(page, 1);
    // Halved down to one item per request, each refused: each is dropped, never sent again.
    for (let i = 0; i < 6; i++) {
      await page.clock.runFor(5000);
      await realPause(300);
    }
    const refused = await tracks();
    const singles = refused.filter((r) => r.items.length === 1);
    expect(singles.length).toBeGreaterThan(0);
    const ids = insertIds(singles);
    expect(new Set(ids).size).toBe(ids.length);

    await clearFaults(token);
    await clicks(page, 1);
    const before = (await tracks()).length;
    await advanceUntil(page, before + 1);
    const latest = (await tracks()).at(-1)!;
    expect(latest.answered).toBe(200);
    expect(insertIds([latest]).some((id) => ids.includes(id))).toBe(false);
  });

  it('keeps events while offline and sends them when back online, after a doubled wait', async () => {
    const page = await startPage([]);
    await advanceUntil(page, 1);
    await page.context().setOffline(true);
    await clicks(page, 3);
    // The flush fails for lack of a network: nothing arrives, however long it tries.
    for (let i = 0; i < 30; i++) await page.clock.runFor(1000);
    await realPause(300);
    expect((await tracks()).length).toBe(1);
    await page.context().setOffline(false);
    await advanceUntil(page, 2, 1000, 10 * 60_000);
    const sent = (await tracks())[1]!;
    expect(sent.answered).toBe(200);
    expect(sent.items.filter((e) => e.event === '$mp_click')).toHaveLength(3);
  });

  it('logs a dropped connection and goes on (the library does not retry it while online)', async () => {
    const page = await startPage([{ endpoint: 'track', drop: true, times: 1 }]);
    const warnings: string[] = [];
    page.on('console', (m) => warnings.push(m.text()));
    await advanceUntil(page, 1);
    await clicks(page, 1);
    await advanceUntil(page, 2);
    const requests = await tracks();
    expect(requests.map((r) => r.answered)).toEqual(['dropped', 200]);
    expect(insertIds([requests[1]!]).some((id) => insertIds([requests[0]!]).includes(id))).toBe(
      false,
    );
    expect(warnings.some((w) => w.includes('Bad HTTP status: 0'))).toBe(true);
  });
});
