// First paint without Firebase: on a device whose Firestore cache does not hold them yet, /home
// and a moment page show their content from the API while every request to Firestore is held;
// their listeners then start and keep the page live.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  expectAccessible,
  fetchedStyleSheets,
  signInContext,
  signedInPage,
  useBrowser,
} from '../support/browser';
import { addContributor, newMoment, signedIn, type SignedIn } from '../support/moments';
import { holdFirestore, listenerAnswered } from '../support/network';
import { uploadPhoto } from '../support/photos';

/** "Within a few seconds": how long a change may take to reach another member's page. */
const LIVE_MS = 5000;

const { newContext } = useBrowser();
let maya: SignedIn;
let leo: SignedIn;
let momentId: string;

beforeAll(async () => {
  [maya, leo] = await Promise.all([
    signedIn({ firstName: 'Maya', lastName: 'Chen' }),
    signedIn({ firstName: 'Leo', lastName: 'Park' }),
  ]);
  const moment = await newMoment(maya.client, { title: 'Lake weekend' });
  momentId = moment.id;
  await addContributor(momentId, leo.user);
  expect((await uploadPhoto(maya.client, momentId)).status).toBe(201);
  await maya.client.post(`/api/journals/${momentId}/comments`, { text: 'First light' });
}, 60_000);

/** Whether an image has been downloaded and decoded. */
const loaded = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);

async function post(text: string) {
  const res = await leo.client.post(`/api/journals/${momentId}/comments`, { text });
  expect(res.status).toBe(201);
}

describe('first paint without Firestore', () => {
  it('shows /home and a moment from the API with Firestore held, then keeps them live', async () => {
    const context = await newContext({ serviceWorkers: 'block' });
    const firestore = await holdFirestore(context);

    // Signing in lands on /home: its list, and the first cover, without a Firestore answer.
    const page = await signedInPage(context, maya.user.phoneNumber);
    await page.getByRole('tab', { name: 'Shared' }).click();
    const card = page.getByTestId('moment-card').filter({ hasText: 'Lake weekend' });
    await card.waitFor({ timeout: 30_000 });
    await expect.poll(() => loaded(page, '[data-testid="moment-card"] img')).toBe(true);
    expect(firestore.reached()).toBe(0);

    // Let Firestore through: the list's listeners start, and Leo's entry raises the badge live.
    await firestore.release();
    await listenerAnswered(page, 'journals/newest');
    await listenerAnswered(page, 'memberStates/pinned');
    await listenerAnswered(page, 'memberStates/new');
    await post('Sunset at eight');
    const badge = page.locator('li').filter({ has: card }).getByTestId('new-comments-badge');
    await expect.poll(() => badge.textContent(), { timeout: LIVE_MS }).toBe('1');

    // A moment this device has not opened yet: the same, with Firestore held again.
    const again = await holdFirestore(context);
    await page.goto(`/journals/${momentId}`);
    await page.getByRole('heading', { name: 'Lake weekend' }).waitFor({ timeout: 30_000 });
    await page.getByText('First light').waitFor();
    await page.getByText('Sunset at eight').waitFor();
    await expect.poll(() => loaded(page, 'img[alt*="photo 1 of 1"]')).toBe(true);
    expect(again.reached()).toBe(0);

    await again.release();
    await listenerAnswered(page, `journals/${momentId}/comments`);
    await listenerAnswered(page, `journals/${momentId}/photoIndex`);
    await post('Pancakes tomorrow?');
    await page.getByText('Pancakes tomorrow?').waitFor({ timeout: LIVE_MS });
  });
});

/**
 * A signed-in person's browser whose app code can be held back: while `holdCode()` is in force
 * the framework chunk (React, the router, TanStack Query) does not arrive, so nothing of the
 * app's code runs until `release()`. Firestore never answers, so the device's cache never holds
 * a page: its first answer comes from the API on every visit.
 */
async function withCodeHeld(phoneNumber: string) {
  const context = await newContext({ serviceWorkers: 'block' });
  await holdFirestore(context);
  await signInContext(context, phoneNumber);

  let release = () => {};
  let codeHeld = Promise.resolve();
  const holdCode = () => {
    codeHeld = new Promise<void>((resolve) => (release = resolve));
  };
  await context.route(/\/assets\/framework-[\w-]+\.js$/, async (route) => {
    await codeHeld;
    await route.continue();
  });
  const page = await context.newPage();
  const asked: string[] = [];
  page.on('request', (request) => asked.push(new URL(request.url()).pathname));
  const calls = (pattern: RegExp) => asked.filter((path) => pattern.test(path));
  return { context, page, asked, calls, holdCode, release: () => release() };
}

const photos = /^\/api\/journals\/[^/]+\/images\//;

/**
 * Watches a page's preview (drawn before the app's code runs) from the page's first load: the
 * browser's largest paints, and whether the app had drawn `drawn` when the preview went.
 */
async function watchPreview(page: Page, drawn: string) {
  await page.addInitScript((drawnSelector: string) => {
    const seen = { largestPaints: [] as number[], drawnWhenPreviewLeft: null as boolean | null };
    (window as unknown as { seen: typeof seen }).seen = seen;
    // The page's largest paints, as the browser reports them (Largest Contentful Paint).
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) seen.largestPaints.push(entry.startTime);
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    new MutationObserver((records) => {
      const left = records.some((record) =>
        Array.from(record.removedNodes).some((node) => (node as Element).id === 'page-preview'),
      );
      if (left) seen.drawnWhenPreviewLeft = Boolean(document.querySelector(drawnSelector));
    }).observe(document, { childList: true, subtree: true });
  }, drawn);
  const seen = () =>
    page.evaluate(
      () =>
        (
          window as unknown as {
            seen: { largestPaints: number[]; drawnWhenPreviewLeft: boolean | null };
          }
        ).seen,
    );
  const box = (selector: string) =>
    page
      .locator(selector)
      .first()
      .evaluate((element) => element.getBoundingClientRect().toJSON() as DOMRect);
  const layer = page.locator('#page-preview');
  return {
    layer,
    /** The preview's photo: its box, its address, and when the app's code was let through. */
    async photo(selector: string) {
      return {
        box: await box(selector),
        path: await page
          .locator(selector)
          .first()
          .evaluate((img: HTMLImageElement) => new URL(img.currentSrc).pathname),
        releasedAt: await page.evaluate(() => performance.now()),
      };
    },
    /**
     * The app's page has replaced the preview: its photo `selector` is the preview's download
     * (one request), in the same place and size; the preview went only once the page had drawn
     * it (no blink), and nothing painted since is larger, so the largest paint stays the
     * preview's.
     */
    async expectTakenOverBy(
      selector: string,
      before: { box: DOMRect; path: string; releasedAt: number },
      calls: (pattern: RegExp) => string[],
    ) {
      expect(await layer.count()).toBe(0);
      const { drawnWhenPreviewLeft, largestPaints } = await seen();
      expect(drawnWhenPreviewLeft).toBe(true);
      const after = await box(selector);
      for (const side of ['top', 'left', 'width', 'height'] as const) {
        expect(after[side]).toBeCloseTo(before.box[side], 0);
      }
      expect(calls(photos).filter((path) => path === before.path)).toHaveLength(1);
      expect(largestPaints.length).toBeGreaterThan(0);
      expect(largestPaints.filter((at) => at > before.releasedAt)).toEqual([]);
    },
  };
}

describe("the first calls, before the app's code", () => {
  it('asks for the session, the list or the moment, and the first photo while the code is on its way, each once', async () => {
    const ava = await signedIn({ firstName: 'Ava', lastName: 'Stone' });
    const moment = await newMoment(ava.client, { title: 'Garden' });
    expect((await uploadPhoto(ava.client, moment.id)).status).toBe(201);
    const { page, asked, calls, holdCode, release } = await withCodeHeld(ava.user.phoneNumber);

    holdCode();
    const home = page.goto('/home');
    await expect
      .poll(() => calls(/^\/api\/(user|journals)$/).sort(), { timeout: 15_000 })
      .toEqual(['/api/journals', '/api/user']);
    await expect.poll(() => calls(photos).length).toBe(1);
    release();
    await home;
    await page
      .getByTestId('moment-card')
      .filter({ hasText: 'Garden' })
      .waitFor({ timeout: 30_000 });
    await expect.poll(() => loaded(page, '[data-testid="moment-card"] img')).toBe(true);
    // The app took those answers up, and the cover it shows is the one already fetched.
    expect(calls(/^\/api\/(user|journals)$/).sort()).toEqual(['/api/journals', '/api/user']);
    expect(calls(photos)).toHaveLength(1);

    // A moment's page: its moment and its entries, and its first photo, likewise.
    asked.length = 0;
    holdCode();
    const momentPage = page.goto(`/journals/${moment.id}`);
    const momentCalls = [
      `/api/journals/${moment.id}`,
      `/api/journals/${moment.id}/comments`,
      '/api/user',
    ];
    await expect
      .poll(() => calls(/^\/api\/(user|journals\/[^/]+(\/comments)?)$/).sort(), { timeout: 15_000 })
      .toEqual(momentCalls);
    await expect.poll(() => calls(photos).length).toBe(1);
    release();
    await momentPage;
    await page.getByRole('heading', { name: 'Garden' }).waitFor({ timeout: 30_000 });
    expect(calls(/^\/api\/(user|journals\/[^/]+(\/comments)?)$/).sort()).toEqual(momentCalls);
  });

  it("shows a moment's title and first photo in the carousel's place before the code has run", async () => {
    const ava = await signedIn({ firstName: 'Ava', lastName: 'Stone' });
    // Long enough to wrap beside the page's Share and Edit buttons.
    const title = 'Orchard walk with the whole family on a sunny Sunday afternoon';
    const moment = await newMoment(ava.client, { title });
    expect((await uploadPhoto(ava.client, moment.id)).status).toBe(201);
    expect((await uploadPhoto(ava.client, moment.id)).status).toBe(201);
    const { page, calls, holdCode, release } = await withCodeHeld(ava.user.phoneNumber);
    const preview = await watchPreview(page, '[data-testid="carousel-frame"] img');

    holdCode();
    const opened = page.goto(`/journals/${moment.id}`);
    await preview.layer.locator('h1', { hasText: title }).waitFor({ timeout: 15_000 });
    const previewImage = `#page-preview img[alt="${title}, photo 1 of 2"]`;
    await expect.poll(() => loaded(page, previewImage)).toBe(true);
    expect(await preview.layer.locator('p').textContent()).toBe('Loading...');
    await expectAccessible(page);
    const before = await preview.photo(previewImage);

    release();
    await opened;
    await page.getByRole('heading', { name: title }).waitFor({ timeout: 30_000 });
    await expect.poll(() => loaded(page, `img[alt="${title}, photo 1 of 2"]`)).toBe(true);
    // The carousel shows that download in the preview's place and size.
    await preview.expectTakenOverBy('[data-testid="carousel-frame"] img', before, calls);
  });

  it("shows /home's first covers in their place before the code has run", async () => {
    const ava = await signedIn({ firstName: 'Ava', lastName: 'Stone' });
    // Newest first: two covers in the first row, a moment without photos below.
    await newMoment(ava.client, { title: 'Notes' });
    for (const title of ['Picnic', 'Harbour']) {
      const moment = await newMoment(ava.client, { title });
      expect((await uploadPhoto(ava.client, moment.id)).status).toBe(201);
    }
    const { page, calls, holdCode, release } = await withCodeHeld(ava.user.phoneNumber);
    const cover = '[data-testid="moment-card"] img';
    const preview = await watchPreview(page, cover);

    holdCode();
    const opened = page.goto('/home');
    await preview.layer.locator('h1', { hasText: 'My Moments' }).waitFor({ timeout: 15_000 });
    const previewCover = '#page-preview li img';
    await expect.poll(() => loaded(page, previewCover)).toBe(true);
    expect(await preview.layer.locator('li').count()).toBe(3);
    expect(await preview.layer.locator('li img').count()).toBe(2);
    // A picture of the page: a tap goes to whatever is beneath it (the app, once it is up).
    const tapped = await page.evaluate(() => {
      const { x, y } = document.querySelector('#page-preview li')!.getBoundingClientRect();
      return document.elementFromPoint(x + 20, y + 20)?.closest('#page-preview') ?? null;
    });
    expect(tapped).toBeNull();
    await expectAccessible(page);
    const before = await preview.photo(previewCover);

    release();
    await opened;
    await page
      .getByTestId('moment-card')
      .filter({ hasText: 'Harbour' })
      .waitFor({ timeout: 30_000 });
    await expect.poll(() => loaded(page, cover)).toBe(true);
    // The first card's cover is that download, in the preview's place and size.
    await preview.expectTakenOverBy(cover, before, calls);
  });
});

/**
 * Records, from the page's first load, when the browser painted its first photo (the first
 * largest paint of an image from the API).
 */
async function watchFirstPhotoPaint(page: Page) {
  await page.addInitScript(() => {
    const seen = { photoPaintedAt: null as number | null };
    (window as unknown as { seen: typeof seen }).seen = seen;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { url: string })[]) {
        if (seen.photoPaintedAt === null && entry.url.includes('/images/')) {
          seen.photoPaintedAt = entry.startTime;
        }
      }
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  /** When the photo painted, and when each of the app's scripts was asked for. */
  return () =>
    page.evaluate(() => ({
      photoPaintedAt: (window as unknown as { seen: { photoPaintedAt: number | null } }).seen
        .photoPaintedAt,
      code: performance
        .getEntriesByType('resource')
        // The app's chunks, not the page's first script (the small one that asks for them).
        .filter((entry) => /\/assets\/(?!first-calls-)[^/]+\.js$/.test(entry.name))
        .map((entry) => entry.startTime),
    }));
}

describe("the app's code, once the page's first photo has painted", () => {
  it('is asked for on /home and on a moment only after that photo has painted, and then draws the page', async () => {
    const ava = await signedIn({ firstName: 'Ava', lastName: 'Stone' });
    const moment = await newMoment(ava.client, { title: 'Meadow' });
    expect((await uploadPhoto(ava.client, moment.id)).status).toBe(201);
    const { page } = await withCodeHeld(ava.user.phoneNumber);
    const painted = await watchFirstPhotoPaint(page);

    for (const [address, drawn] of [
      ['/home', page.getByTestId('moment-card').filter({ hasText: 'Meadow' })],
      [`/journals/${moment.id}`, page.getByRole('heading', { name: 'Meadow' })],
    ] as const) {
      await page.goto(address);
      await drawn.waitFor({ timeout: 30_000 });
      const { photoPaintedAt, code } = await painted();
      expect(photoPaintedAt, address).toBeGreaterThan(0);
      expect(code.length, address).toBeGreaterThan(5);
      expect(Math.min(...code), address).toBeGreaterThan(photoPaintedAt ?? Infinity);
      await expect.poll(() => page.locator('#page-preview').count()).toBe(0);
      // The first screen's style sheets are in the page's HTML: none is fetched (the toasts'
      // comes with them, later).
      expect(await fetchedStyleSheets(page), address).toEqual([]);
    }
  });

  it('is asked for all the same when the first photo does not arrive', async () => {
    const ava = await signedIn({ firstName: 'Ava', lastName: 'Stone' });
    const moment = await newMoment(ava.client, { title: 'Dunes' });
    expect((await uploadPhoto(ava.client, moment.id)).status).toBe(201);
    const { context, page } = await withCodeHeld(ava.user.phoneNumber);
    // Every photo is held: the preview's first photo never loads.
    await context.route(/\/api\/journals\/[^/]+\/images\//, () => {});

    await page.goto('/home');
    await page.getByTestId('moment-card').filter({ hasText: 'Dunes' }).waitFor({ timeout: 30_000 });
    expect(await page.locator('#page-preview').count()).toBe(0);
  });
});
