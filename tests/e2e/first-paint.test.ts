// First paint without Firebase: on a device whose Firestore cache does not hold them yet, /home
// and a moment page show their content from the API while every request to Firestore is held;
// their listeners then start and keep the page live.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, launchBrowser, phoneContext, signInThroughUi } from '../support/browser';
import { addContributor, newMoment, signedIn, type SignedIn } from '../support/moments';
import { holdFirestore, listenerAnswered } from '../support/network';
import { uploadPhoto } from '../support/photos';

/** "Within a few seconds": how long a change may take to reach another member's page. */
const LIVE_MS = 5000;

let browser: Browser;
let maya: SignedIn;
let leo: SignedIn;
let momentId: string;

beforeAll(async () => {
  browser = await launchBrowser();
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

afterAll(async () => {
  await browser?.close();
});

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
    const context = await phoneContext(browser, { serviceWorkers: 'block' });
    const firestore = await holdFirestore(context);
    const page = await context.newPage();

    // Signing in lands on /home: its list, and the first cover, without a Firestore answer.
    await signInThroughUi(page, maya.user.phoneNumber);
    await page.waitForURL('**/home');
    await page.getByRole('tab', { name: 'Shared' }).click();
    const card = page.getByTestId('moment-card').filter({ hasText: 'Lake weekend' });
    await card.waitFor({ timeout: 30_000 });
    await expect.poll(() => loaded(page, '[data-testid="moment-card"] img')).toBe(true);
    expect(firestore.reached()).toBe(0);

    // Let Firestore through: the list's listeners start, and Leo's entry raises the badge live.
    await firestore.release();
    await listenerAnswered(page, 'journals');
    await listenerAnswered(page, 'memberStates');
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
    await listenerAnswered(page, `journals/${momentId}/images`);
    await post('Pancakes tomorrow?');
    await page.getByText('Pancakes tomorrow?').waitFor({ timeout: LIVE_MS });
    await context.close();
  });
});

/**
 * A signed-in person's browser whose app code can be held back: while `holdCode()` is in force
 * the framework chunk (React, the router, TanStack Query) does not arrive, so nothing of the
 * app's code runs until `release()`. Firestore never answers, so the device's cache never holds
 * a page: its first answer comes from the API on every visit.
 */
async function withCodeHeld(phoneNumber: string) {
  const context = await phoneContext(browser, { serviceWorkers: 'block' });
  await holdFirestore(context);
  const signIn = await context.newPage();
  await signInThroughUi(signIn, phoneNumber);
  await signIn.waitForURL('**/home');
  await signIn.close();

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

describe("the first calls, before the app's code", () => {
  it('asks for the session, the list or the moment, and the first photo while the code is on its way, each once', async () => {
    const ava = await signedIn({ firstName: 'Ava', lastName: 'Stone' });
    const moment = await newMoment(ava.client, { title: 'Garden' });
    expect((await uploadPhoto(ava.client, moment.id)).status).toBe(201);
    const { context, page, asked, calls, holdCode, release } = await withCodeHeld(
      ava.user.phoneNumber,
    );

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
    await context.close();
  });

  it("shows a moment's title and first photo in the carousel's place before the code has run", async () => {
    const ava = await signedIn({ firstName: 'Ava', lastName: 'Stone' });
    // Long enough to wrap beside the page's Share and Edit buttons.
    const title = 'Orchard walk with the whole family on a sunny Sunday afternoon';
    const moment = await newMoment(ava.client, { title });
    expect((await uploadPhoto(ava.client, moment.id)).status).toBe(201);
    expect((await uploadPhoto(ava.client, moment.id)).status).toBe(201);
    const { context, page, calls, holdCode, release } = await withCodeHeld(ava.user.phoneNumber);
    await page.addInitScript(() => {
      const seen = {
        largestPaints: [] as number[],
        carouselWhenPreviewLeft: null as boolean | null,
      };
      (window as unknown as { seen: typeof seen }).seen = seen;
      // The page's largest paints, as the browser reports them (Largest Contentful Paint).
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) seen.largestPaints.push(entry.startTime);
      }).observe({ type: 'largest-contentful-paint', buffered: true });
      // Whether the page's carousel was there when the preview went (no blink of the photo).
      new MutationObserver((records) => {
        const left = records.some((record) =>
          [...record.removedNodes].some((node) => (node as Element).id === 'moment-preview'),
        );
        if (left) {
          seen.carouselWhenPreviewLeft = Boolean(
            document.querySelector('[data-testid="carousel-frame"] img'),
          );
        }
      }).observe(document, { childList: true, subtree: true });
    });
    const seen = () =>
      page.evaluate(
        () =>
          (
            window as unknown as {
              seen: { largestPaints: number[]; carouselWhenPreviewLeft: boolean | null };
            }
          ).seen,
      );
    const box = (selector: string) =>
      page
        .locator(selector)
        .first()
        .evaluate((element) => element.getBoundingClientRect().toJSON() as DOMRect);

    holdCode();
    const opened = page.goto(`/journals/${moment.id}`);
    const preview = page.locator('#moment-preview');
    await preview.locator('h1', { hasText: title }).waitFor({ timeout: 15_000 });
    const previewImage = `#moment-preview img[alt="${title}, photo 1 of 2"]`;
    await expect.poll(() => loaded(page, previewImage)).toBe(true);
    expect(await preview.locator('p').textContent()).toBe('Loading...');
    await expectAccessible(page);
    const previewPhoto = await box(previewImage);
    const previewSrc = await page
      .locator(previewImage)
      .evaluate((img: HTMLImageElement) => new URL(img.currentSrc).pathname);
    const releasedAt = await page.evaluate(() => performance.now());

    release();
    await opened;
    await page.getByRole('heading', { name: title }).waitFor({ timeout: 30_000 });
    await expect.poll(() => loaded(page, `img[alt="${title}, photo 1 of 2"]`)).toBe(true);
    expect(await preview.count()).toBe(0);
    expect((await seen()).carouselWhenPreviewLeft).toBe(true);
    // The carousel shows that download in the preview's place and size: one
    // request for the photo, and nothing the app paints is larger, so the page's largest paint
    // stays the preview's.
    const carouselPhoto = await box('[data-testid="carousel-frame"] img');
    for (const side of ['top', 'left', 'width', 'height'] as const) {
      expect(carouselPhoto[side]).toBeCloseTo(previewPhoto[side], 0);
    }
    expect(calls(photos).filter((path) => path === previewSrc)).toHaveLength(1);
    const { largestPaints } = await seen();
    expect(largestPaints.length).toBeGreaterThan(0);
    expect(largestPaints.filter((at) => at > releasedAt)).toEqual([]);
    await context.close();
  });
});
