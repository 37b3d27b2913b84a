// How event batches are delivered when the collector fails, with the real mixpanel-browser
// library in Chromium. The page's clock is Playwright's, paused: the library's timers (flush
// every 5 s, retries) run only when the test moves time on, and time never moves while a request
// is on its way, so a busy machine changes nothing. The page notes its own clock when it sends
// each request to the collector and when the answer comes: the delay before a retry is measured
// exactly. The stand-in answers the faults.
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
import { requireEnv } from '../support/emulators';

const { newPage } = useBrowser();
let token = '';

afterEach(async () => {
  if (token) await clearFaults(token);
});

/** One request to the collector as the page saw it, on the page's clock. */
interface Exchange {
  endpoint: string;
  sentAt: number;
  answeredAt?: number;
}

const tracks = async () => (await received(token)).filter((r) => r.endpoint === 'track');
const insertIds = (requests: ReceivedRequest[]) =>
  requests.flatMap((r) => r.items.map((e) => (e.properties as { $insert_id: string }).$insert_id));
const realPause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Makes the page note each of its event-batch requests to the collector (the library's XHR). */
async function noteExchanges(page: Page) {
  await page.addInitScript((host: string) => {
    const exchanges: Exchange[] = [];
    (window as unknown as { collectorExchanges: Exchange[] }).collectorExchanges = exchanges;
    const urls = new WeakMap<XMLHttpRequest, string>();
    const { open, send } = XMLHttpRequest.prototype;
    XMLHttpRequest.prototype.open = function (
      this: XMLHttpRequest,
      ...args: Parameters<XMLHttpRequest['open']>
    ) {
      urls.set(this, String(args[1]));
      return open.apply(this, args);
    } as XMLHttpRequest['open'];
    XMLHttpRequest.prototype.send = function (this: XMLHttpRequest, body) {
      const url = urls.get(this) ?? '';
      if (url.startsWith(host)) {
        const exchange: Exchange = {
          endpoint: new URL(url).pathname.split('/')[1] ?? '',
          sentAt: Date.now(),
        };
        exchanges.push(exchange);
        // In the same task as the library's own handler, so on the same clock reading.
        this.addEventListener('loadend', () => (exchange.answeredAt = Date.now()));
      }
      return send.call(this, body);
    };
  }, requireEnv('ANALYTICS_API_HOST'));
}

async function exchanges(page: Page): Promise<Exchange[]> {
  const all = await page.evaluate(
    () => (window as unknown as { collectorExchanges: Exchange[] }).collectorExchanges,
  );
  return all.filter((e) => e.endpoint === 'track');
}

/** The sign-in page with analytics running on a paused fake clock, and the faults in place. */
async function startPage(faults: Parameters<typeof addFault>[1][]): Promise<Page> {
  const page = await newPage();
  token = await withOwnToken(page);
  for (const fault of faults) await addFault(token, fault);
  await noteExchanges(page);
  await page.clock.install();
  await page.goto('/auth');
  await page.getByLabel('Phone number').waitFor();
  // The library has started (and queued app_loaded and the first page view).
  const deadline = Date.now() + 60_000;
  while ((await page.evaluate(() => localStorage.getItem('analyticsInitialized'))) !== 'true') {
    if (Date.now() > deadline) throw new Error('Analytics did not start');
    await realPause(100);
  }
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
  return page;
}

/** Clicks on the page: each is an autocaptured event. */
async function clicks(page: Page, count: number) {
  for (let i = 0; i < count; i++) await page.mouse.click(20, 300 + i);
}

/**
 * Moves the page's clock on `stepMs` at a time until the page has sent `count` event batches
 * and had their answers; the clock stands still while a request is on its way. Answers the
 * page's exchanges.
 */
async function advanceUntil(page: Page, count: number, stepMs = 1000, limitMs = 15 * 60_000) {
  let moved = 0;
  for (;;) {
    const seen = await exchanges(page);
    const waiting = seen.some((e) => e.answeredAt === undefined);
    if (!waiting && seen.length >= count) return seen;
    if (waiting) {
      await realPause(50);
      continue;
    }
    if (moved >= limitMs) throw new Error(`No request ${count} within ${limitMs} ms`);
    await page.clock.runFor(stepMs);
    moved += stepMs;
  }
}

/** How long the library waited after the answer to request `n - 1` before sending request `n`. */
function delayBefore(seen: Exchange[], n: number): number {
  return seen[n - 1]!.sentAt - seen[n - 2]!.answeredAt!;
}

describe('event batch delivery', () => {
  it('retries a 5xx with the interval doubled each time', async () => {
    const page = await startPage([{ endpoint: 'track', status: 503, times: 2 }]);
    const seen = await advanceUntil(page, 3);
    // The flush interval is 5 s: 10 s, then 20 s.
    expect(delayBefore(seen, 2)).toBe(10_000);
    expect(delayBefore(seen, 3)).toBe(20_000);
    const requests = await tracks();
    expect(requests.map((r) => r.answered)).toEqual([503, 503, 200]);
    // The same events each time, delivered once it worked.
    expect(insertIds([requests[2]!])).toEqual(insertIds([requests[0]!]));
  });

  it('honours Retry-After on a 429', async () => {
    const page = await startPage([{ endpoint: 'track', status: 429, retryAfter: 3, times: 1 }]);
    const seen = await advanceUntil(page, 2, 500);
    // Three seconds, not the doubled 10 s.
    expect(delayBefore(seen, 2)).toBe(3000);
    expect((await tracks()).map((r) => r.answered)).toEqual([429, 200]);
  });

  it('caps the retry delay at 10 minutes', async () => {
    const page = await startPage([{ endpoint: 'track', status: 503, retryAfter: 3600, times: 1 }]);
    const seen = await advanceUntil(page, 2, 30_000);
    // Ten minutes, not the hour asked for.
    expect(delayBefore(seen, 2)).toBe(600_000);
    expect((await tracks()).map((r) => r.answered)).toEqual([503, 200]);
  });

  it('halves the batch on 413 until it fits, losing nothing', async () => {
    const page = await startPage([{ endpoint: 'track', status: 413, maxEvents: 2 }]);
    await clicks(page, 6);
    await advanceUntil(page, 1);
    const queued = insertIds(await tracks());
    // Keep flushing until every queued event has been accepted.
    let delivered: string[] = [];
    while (delivered.length < queued.length) {
      const sent = (await exchanges(page)).length;
      await advanceUntil(page, sent + 1);
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
    // Halved down to one item per request, each refused: each is dropped, never sent again.
    let singles: ReceivedRequest[] = [];
    while (singles.length < 2) {
      const sent = (await exchanges(page)).length;
      await advanceUntil(page, sent + 1);
      singles = (await tracks()).filter((r) => r.items.length === 1);
    }
    expect(singles.every((r) => r.answered === 413)).toBe(true);
    const ids = insertIds(singles);
    expect(new Set(ids).size).toBe(ids.length);

    await clearFaults(token);
    await clicks(page, 1);
    // Until a batch is accepted: it holds the click and none of the dropped items.
    let accepted: ReceivedRequest | undefined;
    while (!accepted) {
      const sent = (await exchanges(page)).length;
      await advanceUntil(page, sent + 1);
      accepted = (await tracks()).find((r) => r.answered === 200);
    }
    expect(accepted.items.some((e) => e.event === '$mp_click')).toBe(true);
    expect(insertIds([accepted]).some((id) => ids.includes(id))).toBe(false);
  });

  it('keeps events while offline and sends them when back online', async () => {
    const page = await startPage([]);
    await advanceUntil(page, 1);
    await page.context().setOffline(true);
    await clicks(page, 3);
    // The flush fails for lack of a network, and is retried later.
    await advanceUntil(page, 2);
    await page.context().setOffline(false);
    const seen = await advanceUntil(page, 3, 1000, 10 * 60_000);
    expect(delayBefore(seen, 3)).toBe(10_000);
    const requests = await tracks();
    expect(requests).toHaveLength(2);
    expect(requests[1]!.answered).toBe(200);
    expect(requests[1]!.items.filter((e) => e.event === '$mp_click')).toHaveLength(3);
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
    await expect.poll(() => warnings.some((w) => w.includes('Bad HTTP status: 0'))).toBe(true);
  });

  it('sends one request per 5 s only while there is something to send (a 5-minute session)', async () => {
    const page = await startPage([]);
    await advanceUntil(page, 1);
    // Five minutes on the page's clock, with a click every 15 s (the last 15 s before the end)
    // and nothing else.
    for (let second = 1; second <= 300; second++) {
      if (second % 15 === 0 && second < 300) await clicks(page, 1);
      const sent = (await exchanges(page)).length;
      await page.clock.runFor(1000);
      // A batch sent in this second is answered before time moves on.
      await advanceUntil(page, sent, 1000, 0);
    }
    const requests = await received(token);
    const byEndpoint = (name: string) => requests.filter((r) => r.endpoint === name).length;
    console.log(
      `ANALYTICS 5-minute session, a click every 15 s: ${requests.length} requests ` +
        `(track ${byEndpoint('track')}, engage ${byEndpoint('engage')}, record ${byEndpoint('record')})`,
    );
    // app_loaded and the page view, then one batch per click: 1 + 19.
    expect(byEndpoint('track')).toBe(20);
    expect(requests).toHaveLength(20);
  });
});
