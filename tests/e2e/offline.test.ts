// Offline-first: the installed app opens and reads without a network, what is written offline
// arrives exactly once when the network returns, photo caches follow membership and logout.
import { photoSizeUrl, type Journal } from '@moments/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, imagesLoaded, signedInPage, useBrowser } from '../support/browser';
import { adminDb, createUser } from '../support/emulators';
import { addContributor, newMoment, signedIn } from '../support/moments';
import { listenerAnswered } from '../support/network';
import { makeJpeg, uploadPhoto } from '../support/photos';

/** How long a change may take to reach another member's open page once online. */
const ARRIVAL_MS = 20_000;

const { newContext } = useBrowser();

/** Waits until the service worker controls the page, so its requests go through it. */
async function controlledByWorker(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** The /api photo URLs in this person's photo cache. */
function cachedPhotoUrls(page: Page, uid: string): Promise<string[]> {
  return page.evaluate(async (uid) => {
    const cache = await caches.open(`photos-${uid}`);
    return (await cache.keys()).map((request) => new URL(request.url).pathname);
  }, uid);
}

function card(page: Page, title: string) {
  return page.getByTestId('moment-card').filter({ hasText: title });
}

/** Milliseconds from the start of the page load until the card shows. */
async function timeToCard(page: Page, title: string): Promise<number> {
  await page.goto('/home');
  await card(page, title).waitFor();
  return page.evaluate(() => Math.round(performance.now()));
}

async function momentWithPhotos(title: string) {
  const owner = await signedIn({ firstName: 'Maya', lastName: 'Chen' });
  const moment = await newMoment(owner.client, { title });
  for (const colour of ['#7fb3d5', '#f5b041']) {
    const res = await uploadPhoto(owner.client, moment.id, await makeJpeg({ colour }));
    expect(res.status).toBe(201);
  }
  const entry = await owner.client.post(`/api/journals/${moment.id}/comments`, {
    text: 'Snow up to the door',
  });
  expect(entry.status).toBe(201);
  return { owner, moment };
}

describe('reading offline', () => {
  it('opens home and an opened moment with their photos after a reload without a network', async () => {
    const { owner, moment } = await momentWithPhotos('Mountain hut');
    const context = await newContext();
    const page = await signedInPage(context, owner.user.phoneNumber);
    await controlledByWorker(page);

    // Online: home and the moment once, as a person would before the trip.
    await page.reload();
    await imagesLoaded(page, '[data-testid="moment-card"] img', 1);
    await page.goto(`/journals/${moment.id}`);
    await page.getByText('Snow up to the door').waitFor();
    await imagesLoaded(page, 'img[src$="/display"]', 2);
    // A first visit shows the API's answer; the device keeps what its listeners answered.
    for (const query of ['photoIndex', 'comments']) {
      await listenerAnswered(page, `journals/${moment.id}/${query}`);
    }
    // The moment's third query (the person's own state): the page needs all three offline.
    await listenerAnswered(page, `memberStates/${moment.id}`);
    const onlineMs = await timeToCard(page, 'Mountain hut');
    await listenerAnswered(page, 'journals/newest');
    await listenerAnswered(page, 'memberStates/pinned');
    await listenerAnswered(page, 'memberStates/new');

    await context.setOffline(true);
    // The worker answers with the page's own HTML, naming its code, as Hosting does.
    const home = await page.reload();
    expect(home?.fromServiceWorker()).toBe(true);
    expect(await home?.text()).toContain('/assets/home-');
    await card(page, 'Mountain hut').waitFor();
    await imagesLoaded(page, '[data-testid="moment-card"] img', 1);
    await page.getByText('Offline · changes are sent when you reconnect').waitFor();
    expect(await page.getByText('Authentication Error').count()).toBe(0);
    const offlineMs = await timeToCard(page, 'Mountain hut');

    const detail = await page.goto(`/journals/${moment.id}`);
    expect(await detail?.text()).toContain('/assets/detail-');
    await page.getByRole('heading', { name: 'Mountain hut' }).waitFor();
    await page.getByText('Snow up to the door').waitFor();
    await imagesLoaded(page, 'img[src$="/display"]', 2);
    // What needs the network says so instead of failing.
    await expect(page.getByRole('button', { name: 'Share' }).isDisabled()).resolves.toBe(true);
    await expectAccessible(page);

    // The photos came from the person's own cache, in the sizes this phone's layout asked for:
    // the cover in the card size, both photos in the carousel size.
    const { images } = (await owner.client.get<Journal>(`/api/journals/${moment.id}`)).body;
    const cached = await cachedPhotoUrls(page, owner.user.uid);
    expect(cached).toEqual(
      expect.arrayContaining([
        photoSizeUrl(images[0]!.imageUrl, 'small'),
        ...images.map((image) => photoSizeUrl(image.imageUrl, 'medium')),
      ]),
    );
    // A size never fetched (another layout or screen) is served from a size that was.
    const standIn = await page.evaluate(
      (url) =>
        fetch(url).then(
          (r) => `${r.status} ${r.headers.get('content-type')}`,
          () => 'failed',
        ),
      photoSizeUrl(images[1]!.imageUrl, 'tiny'),
    );
    expect(standIn).toBe('200 image/webp');
    console.log(
      `[offline] time to first card on a warm start: online ${onlineMs} ms, offline ${offlineMs} ms`,
    );
  });
});

describe('writing offline', () => {
  /** Sends each entry as soon as it is typed (a fast thumb), without waiting for the last. */
  async function postWhileOffline(page: Page, texts: string[]) {
    const input = page.getByPlaceholder('Add to this memory...');
    for (const text of texts) {
      await input.fill(text);
      await input.press('Enter');
    }
    await expect.poll(() => entriesOn(page, texts)).toEqual(texts);
  }

  async function entriesOn(page: Page, texts: string[]): Promise<string[]> {
    const all = await page.locator('#timeline-heading ~ ul > li p + time + *').allTextContents();
    return all.filter((text) => texts.includes(text));
  }

  for (const dropFirstAnswer of [false, true]) {
    it(`delivers 3 entries and 2 photos written offline exactly once, in order${
      dropFirstAnswer ? ', when the first answer is lost' : ''
    }`, async () => {
      const maya = await signedIn({ firstName: 'Maya', lastName: 'Chen' });
      const leo = await createUser({ firstName: 'Leo', lastName: 'Park' });
      const moment = await newMoment(maya.client, { title: 'Cabin without signal' });
      await addContributor(moment.id, leo);

      const mayaContext = await newContext();
      const leoContext = await newContext();
      let mayaPage = await signedInPage(mayaContext, maya.user.phoneNumber);
      await controlledByWorker(mayaPage);
      await mayaPage.goto(`/journals/${moment.id}`);
      await mayaPage.getByText('No entries yet.').waitFor();
      const leoPage = await signedInPage(leoContext, leo.phoneNumber);
      await leoPage.goto(`/journals/${moment.id}`);
      await leoPage.getByText('No entries yet.').waitFor();

      await mayaContext.setOffline(true);
      const texts = ['Arrived at dusk', 'Fire is going', 'Stars everywhere #photo 1'];
      await postWhileOffline(mayaPage, texts);
      await mayaPage.getByLabel('Add photos').setInputFiles([
        { name: 'one.jpg', mimeType: 'image/jpeg', buffer: await makeJpeg({ colour: '#aa3344' }) },
        { name: 'two.jpg', mimeType: 'image/jpeg', buffer: await makeJpeg({ colour: '#33aa44' }) },
      ]);
      await expect
        .poll(() => mayaPage.getByTestId('waiting-photo').count(), { timeout: 15_000 })
        .toBe(2);
      await expect.poll(() => mayaPage.getByText('Waiting to send').count()).toBe(5);
      await expectAccessible(mayaPage);

      // Closed and opened again, still offline: still queued, still shown, in order.
      await mayaPage.close();
      mayaPage = await mayaContext.newPage();
      await mayaPage.goto(`/journals/${moment.id}`);
      await mayaPage.getByRole('heading', { name: 'Cabin without signal' }).waitFor();
      await expect.poll(() => mayaPage.getByText('Waiting to send').count()).toBe(5);
      expect(await entriesOn(mayaPage, texts)).toEqual(texts);

      let sends = 0;
      if (dropFirstAnswer) {
        // The first entry reaches the function, but its answer never comes back.
        await mayaContext.route('**/api/journals/*/comments', async (route) => {
          if (route.request().method() !== 'POST') return route.continue();
          sends += 1;
          if (sends > 1) return route.continue();
          await route.fetch();
          await route.abort('failed');
        });
      }
      await mayaContext.setOffline(false);

      await expect.poll(() => entriesOn(leoPage, texts), { timeout: ARRIVAL_MS }).toEqual(texts);
      await leoPage.getByText('1 of 2').waitFor({ timeout: ARRIVAL_MS });
      await expect.poll(() => mayaPage.getByText('Waiting to send').count()).toBe(0);
      if (dropFirstAnswer) expect(sends).toBeGreaterThan(1);

      const journal = adminDb.doc(`journals/${moment.id}`);
      const comments = await journal.collection('comments').orderBy('createdAt').get();
      expect(comments.docs.map((d) => d.get('text') as string)).toEqual(texts);
      expect((await journal.collection('images').get()).size).toBe(2);
      expect((await journal.get()).get('photoCount')).toBe(2);
      // Still exactly once a moment later (no late retry).
      await leoPage.waitForTimeout(1500);
      expect(await entriesOn(leoPage, texts)).toEqual(texts);
    });
  }
});

describe('photo caches follow access', () => {
  it("a removed member's cache no longer serves the moment's photos; logout clears caches", async () => {
    const { owner, moment } = await momentWithPhotos('Lake house');
    const leo = await createUser({ firstName: 'Leo', lastName: 'Park' });
    await addContributor(moment.id, leo);
    const context = await newContext();
    const page = await signedInPage(context, leo.phoneNumber);
    await controlledByWorker(page);
    await page.goto(`/journals/${moment.id}`);
    await imagesLoaded(page, 'img[src$="/display"]', 2);
    const photoPath = `/journals/${moment.id}/images/`;
    await expect
      .poll(async () => (await cachedPhotoUrls(page, leo.uid)).some((p) => p.includes(photoPath)))
      .toBe(true);
    const { images } = (await owner.client.get<Journal>(`/api/journals/${moment.id}`)).body;
    const thumb = images[0]!.thumbUrl;

    const removed = await owner.client.delete(`/api/journals/${moment.id}/members/${leo.uid}`);
    expect(removed.status).toBe(200);
    await page.waitForURL('**/home');
    await expect
      .poll(async () => (await cachedPhotoUrls(page, leo.uid)).some((p) => p.includes(photoPath)))
      .toBe(false);
    // Offline, the photo is not served from anywhere.
    await context.setOffline(true);
    const status = await page.evaluate(
      (url) =>
        fetch(url).then(
          (r) => r.status,
          () => 'failed',
        ),
      thumb,
    );
    expect(status).toBe('failed');
    await context.setOffline(false);

    // Logout empties the photo cache, the remembered person and Firestore's cache, with the
    // list of queries that cache held in full.
    await page.getByRole('button', { name: /account menu/i }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL('**/auth');
    await expect
      .poll(() =>
        page.evaluate(async () => ({
          photoCaches: (await caches.keys()).filter((key) => key.startsWith('photos-')),
          lastUser: localStorage.getItem('moments.lastUser'),
          syncedQueries: localStorage.getItem('moments.syncedQueries'),
          firestore: ((await indexedDB.databases()) ?? [])
            .map((db) => db.name ?? '')
            .filter((name) => name.startsWith('firestore/')),
        })),
      )
      .toEqual({ photoCaches: [], lastUser: null, syncedQueries: null, firestore: [] });
  });
});
