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
  const config = page.waitForResponse('**/api/config/analytics', { timeout: 90_000 });
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
    await realPause(300);
  }
  return moved;
}

describe('event batch delivery', () => {
  it('retries a 5xx with the interval doubled each time', async () => {
    const page = await startPage([{ endpoint: 'track', status: 503, times: 2 }]);
    await advanceUntil(page, 1); // the first flush, after 5 s
    const second = await advanceUntil(page, 2);
    const third = await advanceUntil(page, 3);
    // Measured in 1 s steps, and a request is seen a step or two after it is sent: 10 s, then
    // 20 s, give or take that.
    expect(second).toBeGreaterThanOrEqual(9000);
    expect(second).toBeLessThanOrEqual(12_000);
    expect(third).toBeGreaterThanOrEqual(17_000);
    expect(third).toBeLessThanOrEqual(21_000);
    expect(second + third).toBeGreaterThanOrEqual(29_000);
    expect(second + third).toBeLessThanOrEqual(31_000);
    const requests = await tracks();
    expect(requests.map((r) => r.answered)).toEqual([503, 503, 200]);
    // The same events each time, delivered once it worked.
    expect(insertIds([requests[2]!])).toEqual(insertIds([requests[0]!]));
  });

  it('honours Retry-After on a 429', async () => {
    const page = await startPage([{ endpoint: 'track', status: 429, retryAfter: 3, times: 1 }]);
    await advanceUntil(page, 1);
    const waited = await advanceUntil(page, 2, 500);
    // Three seconds (in 0.5 s steps), not the doubled 10 s.
    expect(waited).toBeGreaterThanOrEqual(2500);
    expect(waited).toBeLessThanOrEqual(3500);
    expect((await tracks()).map((r) => r.answered)).toEqual([429, 200]);
  });

  it('caps the retry delay at 10 minutes', async () => {
    const page = await startPage([{ endpoint: 'track', status: 503, retryAfter: 3600, times: 1 }]);
    await advanceUntil(page, 1);
    // In 30 s steps: ten minutes, not the hour asked for.
    const waited = await advanceUntil(page, 2, 30_000);
    expect(waited).toBeGreaterThanOrEqual(570_000);
    expect(waited).toBeLessThanOrEqual(630_000);
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
    // The library halves its batch size (50, 25, 12, ...) and never resends a refused batch
    // whole, so each refused batch is smaller than the one before.
    expect(refusedSizes[0]).toBeGreaterThan(2);
    for (let i = 1; i < refusedSizes.length; i++) {
      expect(refusedSizes[i]).toBeLessThan(refusedSizes[i - 1]!);
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

  it('sends one request per 5 s only while there is something to send (a 5-minute session)', async () => {
    const page = await startPage([]);
    // Five minutes on the fake clock, with a click every 15 s and nothing else.
    for (let second = 1; second <= 300; second++) {
      if (second % 15 === 0) await clicks(page, 1);
      await page.clock.runFor(1000);
      if (second % 5 === 0) await realPause(100);
    }
    await realPause(500);
    const requests = await received(token);
    const byEndpoint = (name: string) => requests.filter((r) => r.endpoint === name).length;
    console.log(
      `ANALYTICS 5-minute session, a click every 15 s: ${requests.length} requests ` +
        `(track ${byEndpoint('track')}, engage ${byEndpoint('engage')}, record ${byEndpoint('record')})`,
    );
    // app_loaded and the page view, then one batch per click: 1 + 20.
    expect(byEndpoint('track')).toBeGreaterThanOrEqual(20);
    expect(byEndpoint('track')).toBeLessThanOrEqual(22);
  });
});
