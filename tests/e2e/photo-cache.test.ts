// A second visit to /home and a moment fetches no photo bytes again: the service worker
// answers from the person's photo cache, and without it (not installed yet, or blocked) the
// browser's HTTP cache does, since photo URLs are served as immutable: even hours later.
// The figures are printed (PHOTO-CACHE lines) for the report.
import { createServer, request, type Server } from 'node:http';
import type { BrowserContextOptions, CDPSession, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { detailedPhoto } from '../../scripts/bench/photos.mjs';
import { imagesLoaded, signedInPage, useBrowser } from '../support/browser';
import { appUrl } from '../support/emulators';
import { newMoment, signedIn } from '../support/moments';
import { uploadPhoto } from '../support/photos';

const { newContext } = useBrowser();

/** How old the "hours later" proxy says every photo answer already is. */
const HOURS_LATER_AGE_S = 2 * 60 * 60;

let proxy: Server | undefined;
afterAll(() => new Promise<void>((resolve) => (proxy ? proxy.close(() => resolve()) : resolve())));

/**
 * The app through a reverse proxy that adds `Age` to photo answers, as a cache on the way
 * would after two hours: the browser then takes each for two hours old, as on a visit that
 * much later (HTTP caches count age from it; Chromium's clock cannot be moved).
 */
async function hoursLaterOrigin(): Promise<string> {
  const target = new URL(await appUrl());
  proxy = createServer((req, res) => {
    const upstream = request(
      {
        host: target.hostname,
        port: target.port,
        path: req.url,
        method: req.method,
        headers: req.headers,
      },
      (answer) => {
        const headers = { ...answer.headers };
        if (PHOTO_URL.test(new URL(req.url ?? '/', target).pathname)) {
          headers.age = String(HOURS_LATER_AGE_S);
        }
        res.writeHead(answer.statusCode ?? 502, headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy!.listen(0, '127.0.0.1', resolve));
  const address = proxy.address();
  if (!address || typeof address === 'string') throw new Error('The proxy did not start.');
  return `http://127.0.0.1:${address.port}`;
}

/** Moment photos in any size, and profile pictures. */
const PHOTO_URL = /\/api\/(journals\/[^/]+\/images\/[^/]+\/\w+|users\/[^/]+\/picture\/[^/]+)$/;

interface PhotoResponse {
  path: string;
  /** Where the bytes came from: this browser (a cache) or the network. */
  cached: boolean;
  /** The body's size, as the server declared it. */
  bytes: number;
}

/** Records the photo responses a page gets, from Chromium's own network events (CDP). */
async function recordPhotos(page: Page): Promise<{ responses: PhotoResponse[] }> {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  const fromMemory = new Set<string>();
  const responses: PhotoResponse[] = [];
  cdp.on('Network.requestServedFromCache', ({ requestId }) => fromMemory.add(requestId));
  cdp.on('Network.responseReceived', ({ requestId, response }) => {
    const url = new URL(response.url);
    if (!PHOTO_URL.test(url.pathname)) return;
    const fromWorkerCache =
      response.fromServiceWorker &&
      (response.serviceWorkerResponseSource === 'cache-storage' ||
        response.serviceWorkerResponseSource === 'http-cache');
    responses.push({
      path: url.pathname + url.search,
      cached: fromMemory.has(requestId) || Boolean(response.fromDiskCache || fromWorkerCache),
      bytes: Number(response.headers['content-length'] ?? response.headers['Content-Length'] ?? 0),
    });
  });
  await cdp.send('Network.enable');
  return { responses };
}

/** "N photos, B bytes from the network" of a visit, for the report. */
function fetched(responses: PhotoResponse[]): string {
  const network = responses.filter((r) => !r.cached);
  const bytes = network.reduce((sum, r) => sum + r.bytes, 0);
  return `${responses.length} photo responses, ${network.length} (${bytes} B) from the network`;
}

/** /home with its cover, then the moment with its photos in the carousel. */
async function visit(page: Page, journalId: string) {
  await page.goto('/home');
  await imagesLoaded(page, '[data-testid="moment-card"] img', 1);
  await page.goto(`/journals/${journalId}`);
  await page.getByText('Fresh snow').waitFor();
  await imagesLoaded(page, 'img[src$="/display"]', 2);
}

async function secondVisit(options: BrowserContextOptions, controlled: boolean) {
  const owner = await signedIn({ firstName: 'Maya', lastName: 'Chen' });
  const moment = await newMoment(owner.client, { title: 'Ski week' });
  // Photos with a phone photo's detail, so the bytes are like a real moment's.
  for (const seed of [1, 2]) {
    const bytes = await detailedPhoto(seed, 1600, 1200);
    expect((await uploadPhoto(owner.client, moment.id, bytes)).status).toBe(201);
  }
  await owner.client.post(`/api/journals/${moment.id}/comments`, { text: 'Fresh snow' });
  const context = await newContext(options);
  const first = await signedInPage(context, owner.user.phoneNumber);
  if (controlled) {
    await first.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await first.reload();
    await first.waitForFunction(() => navigator.serviceWorker.controller !== null);
  }
  const firstSeen = await recordPhotos(first);
  await visit(first, moment.id);
  await first.close();

  const second = await context.newPage();
  const secondSeen = await recordPhotos(second);
  await visit(second, moment.id);
  return { first: firstSeen.responses, second: secondSeen.responses };
}

describe('photos on a second visit', () => {
  it('come from the service worker’s photo cache, none from the network', async () => {
    const { first, second } = await secondVisit({}, true);
    console.info(
      `PHOTO-CACHE with the worker: first visit ${fetched(first)}; second ${fetched(second)}`,
    );
    expect(first.filter((r) => !r.cached).length).toBeGreaterThanOrEqual(2);
    expect(second.length).toBeGreaterThanOrEqual(3);
    expect(second.filter((r) => !r.cached)).toEqual([]);
  });

  it('come from the HTTP cache without a service worker, none from the network', async () => {
    const { first, second } = await secondVisit({ serviceWorkers: 'block' }, false);
    console.info(`PHOTO-CACHE no worker: first visit ${fetched(first)}; second ${fetched(second)}`);
    expect(first.filter((r) => !r.cached).length).toBeGreaterThanOrEqual(2);
    expect(second.length).toBeGreaterThanOrEqual(3);
    expect(second.filter((r) => !r.cached)).toEqual([]);
  });

  it('come from the HTTP cache hours later, none from the network', async () => {
    const origin = await hoursLaterOrigin();
    const { first, second } = await secondVisit(
      { serviceWorkers: 'block', baseURL: origin },
      false,
    );
    console.info(
      `PHOTO-CACHE no worker, 2 h later: first visit ${fetched(first)}; second ${fetched(second)}`,
    );
    expect(first.filter((r) => !r.cached).length).toBeGreaterThanOrEqual(2);
    expect(second.length).toBeGreaterThanOrEqual(3);
    expect(second.filter((r) => !r.cached)).toEqual([]);
  });
});
