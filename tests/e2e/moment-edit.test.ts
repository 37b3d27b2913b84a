// Editing a moment (/moment/:id/edit), the Photo Comments dialog, and what deleting photos and
// moments leaves behind, in Chromium at phone size against the emulators.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { memberStateId, type Comment, type JournalImage } from '@moments/shared';
import { Timestamp } from 'firebase-admin/firestore';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, signedInPage, useBrowser } from '../support/browser';
import { adminDb, appUrl, requireEnv } from '../support/emulators';
import { newMoment, sharedMoment, signedIn, type SignedIn } from '../support/moments';
import { makeJpeg, storedObjects, uploadPhoto } from '../support/photos';

const { newContext } = useBrowser();
let tempDir: string;

beforeAll(async () => {
  tempDir = await mkdtemp(join(tmpdir(), 'moments-edit-'));
});
afterAll(async () => {
  if (tempDir) await rm(tempDir, { recursive: true, force: true });
});

/** A moment of `owner` with photos of distinct colours, made through the API. */
async function momentWithPhotos(owner: SignedIn, title: string, colours: string[]) {
  const journal = await newMoment(owner.client, { title, content: 'By the water.' });
  const images: JournalImage[] = [];
  for (const colour of colours) {
    const res = await uploadPhoto(owner.client, journal.id, await makeJpeg({ colour }));
    if (res.status !== 201) throw new Error(`upload answered ${res.status}`);
    images.push(res.body);
  }
  return { journal, images };
}

/** Signs `person` in through the UI in a new phone-sized page. */
async function openAs(person: SignedIn): Promise<Page> {
  return signedInPage(await newContext(), person.user.phoneNumber);
}

/** How many objects the photo bucket holds for a moment, or one of its photos. */
const storedCount = async (journalId: string, imageId?: string) =>
  (await storedObjects(`journals/${journalId}/${imageId ? `${imageId}/` : ''}`)).length;

/** The photo ids of the edit page's rows, top to bottom. */
const rowOrder = (rows: Locator) =>
  rows.evaluateAll((els) => els.map((el) => (el as HTMLElement).dataset.photoId));

describe('editing a moment', () => {
  it('reorders by buttons and drag, sets cover, crops in the editor, removes and adds photos, saves', async () => {
    const owner = await signedIn({ firstName: 'Edith', lastName: 'Owner' });
    const { journal, images } = await momentWithPhotos(owner, 'Lake trip', [
      '#7fb3d5',
      '#d98880',
      '#82e0aa',
    ]);
    const [a, b, c] = images.map((image) => image.id) as [string, string, string];
    const page = await openAs(owner);
    const origin = await appUrl();
    // The app itself, Firebase (here its emulators) and the analytics collector the server
    // names (here its stand-in) are the only places it may reach.
    const allowed = [
      origin,
      `http://${requireEnv('FIRESTORE_EMULATOR_HOST')}/`,
      `http://${requireEnv('FIREBASE_AUTH_EMULATOR_HOST')}/`,
      `${requireEnv('ANALYTICS_API_HOST')}/`,
    ];
    const offsite: string[] = [];
    const assets: string[] = [];
    page.context().on('request', (request) => {
      const url = request.url();
      const local = allowed.some((prefix) => url.startsWith(prefix));
      if (!local && !/^(data|blob):/.test(url)) offsite.push(url);
      if (url.includes('browser-image-compression')) assets.push(url);
    });

    // The owner's way in: Edit on the moment page.
    await page.goto(`/journals/${journal.id}`);
    await page.getByText('1 of 3', { exact: true }).waitFor();
    await page.getByRole('link', { name: 'Edit', exact: true }).click();
    await page.waitForURL(`**/moment/${journal.id}/edit`);
    const rows = page.getByTestId('edit-photo');
    await rows.nth(2).waitFor();
    await expect.poll(() => rowOrder(rows)).toEqual([a, b, c]);
    await expect.poll(() => page.getByLabel('Title').inputValue()).toBe('Lake trip');
    await expectAccessible(page);
    // Nothing is wider than the phone's screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);

    // The title is required, with the spec's message.
    await page.getByLabel('Title').fill('   ');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Title is required').waitFor();
    await page.getByLabel('Title').fill('Lake trip, edited');

    // Move up with a button; focus stays on the moved photo's controls.
    await page.getByRole('button', { name: 'Move photo 3 up' }).click();
    await expect.poll(() => rowOrder(rows)).toEqual([a, c, b]);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toMatch(/^Move photo 2 (up|down)$/);
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'Photo moved' }).textContent())
      .toBe('Photo moved to position 2 of 3.');

    // Drag the first photo by its handle past the middle of the second.
    await rows.nth(1).evaluate((el) => el.scrollIntoView({ block: 'center' }));
    const handle = await rows.nth(0).getByTestId('drag-handle').boundingBox();
    const second = await rows.nth(1).boundingBox();
    if (!handle || !second) throw new Error('rows not laid out');
    await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
    await page.mouse.down();
    await page.mouse.move(handle.x + handle.width / 2, second.y + second.height * 0.75, {
      steps: 12,
    });
    await page.mouse.up();
    await expect.poll(() => rowOrder(rows)).toEqual([c, a, b]);

    // Touch targets of the row controls are at least 44 px.
    for (const name of ['Move photo 1 down', 'Remove photo 1']) {
      const box = await page.getByRole('button', { name }).boundingBox();
      expect(Math.min(box?.width ?? 0, box?.height ?? 0), name).toBeGreaterThanOrEqual(44);
    }

    // The cover: the third photo (b).
    await page.getByRole('radio', { name: 'Cover Photo 3' }).check();
    expect(await page.getByRole('radio', { name: 'Cover Photo 3' }).isChecked()).toBe(true);

    // Remove the second photo (a), confirmed: it is gone at once, document and bytes.
    expect(await storedCount(journal.id, a)).toBe(6); // five sizes and the full-quality copy
    await page.getByRole('button', { name: 'Remove photo 2' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove photo?' });
    await confirm.getByText('This photo will be permanently removed').waitFor();
    await expectAccessible(page);
    await page.screenshot({ path: join(tmpdir(), 'moment-edit-remove.png') });
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await expect.poll(() => rowOrder(rows)).toEqual([c, b]);
    // Focus goes to the list, not lost with the removed photo's button.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Photos in this moment');
    expect((await adminDb.doc(`journals/${journal.id}/images/${a}`).get()).exists).toBe(false);
    expect(await storedCount(journal.id, a)).toBe(0);
    expect(await storedCount(journal.id, c)).toBe(6);

    // Crop of the first photo (c), in the fullscreen editor: 30 % by default, 50 % after
    // twenty steps; Save sends it at once, and the row's preview follows.
    await page.getByRole('button', { name: 'Edit photo 1' }).click();
    const editor = page.getByRole('dialog', { name: 'Edit photo 1' });
    const slider = editor.getByRole('slider', { name: 'Vertical crop' });
    expect(await slider.inputValue()).toBe('30');
    await slider.focus();
    for (let i = 0; i < 20; i++) await page.keyboard.press('ArrowRight');
    expect(await slider.inputValue()).toBe('50');
    await editor.getByRole('button', { name: 'Save' }).click();
    await editor.waitFor({ state: 'hidden' });
    const preview = rows.nth(0).getByTestId('crop-preview');
    await expect
      .poll(() => preview.evaluate((img) => getComputedStyle(img).objectPosition), {
        timeout: 15_000,
      })
      .toBe('50% 50%');
    expect(
      (await adminDb.doc(`journals/${journal.id}/images/${c}`).get()).get('cropPosition'),
    ).toBe(50);

    // A new photo whose first upload fails: it says so, and Retry keeps everything else.
    const bigPhoto = join(tempDir, 'new-photo.jpg');
    await writeFile(bigPhoto, await makeJpeg({ width: 3200, height: 2400, colour: '#f5b041' }));
    await page.getByLabel('Add photos').setInputFiles([bigPhoto]);
    await page.getByRole('img', { name: 'New photo 1' }).waitFor();
    let failures = 1;
    await page.context().route('**/api/journals/*/images', async (route) => {
      if (route.request().method() === 'POST' && failures > 0) {
        failures -= 1;
        await route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({ message: 'Service unavailable' }),
        });
      } else {
        await route.continue();
      }
    });
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Upload failed', { exact: true }).waitFor({ timeout: 30_000 });
    await page.getByText('Some photos could not be uploaded').waitFor();
    expect(await page.getByLabel('Title').inputValue()).toBe('Lake trip, edited');
    await page.screenshot({ path: join(tmpdir(), 'moment-edit.png'), fullPage: true });
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.getByText('Uploaded', { exact: true }).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL(`**/journals/${journal.id}`, { timeout: 30_000 });

    // The moment page: new title, three photos, c first.
    await page.getByRole('heading', { name: 'Lake trip, edited' }).waitFor();
    await page.getByText('1 of 3', { exact: true }).waitFor();
    const carouselSrcs = await page
      .getByTestId('carousel-frame')
      .locator('img')
      .evaluateAll((els) => els.map((el) => el.getAttribute('src') ?? ''));
    expect(carouselSrcs).toHaveLength(3);
    expect(carouselSrcs[0]).toContain(`/images/${c}/`);
    expect(carouselSrcs[1]).toContain(`/images/${b}/`);

    // Home: the card's cover is the chosen photo's thumbnail.
    await page.goto('/home');
    const card = page.getByTestId('moment-card').filter({ hasText: 'Lake trip, edited' });
    await expect
      .poll(() => card.locator('img').getAttribute('src'))
      .toBe(`/api/journals/${journal.id}/images/${b}/thumb`);

    // Firestore agrees. The new photo was compressed in the browser by the app's own copy of
    // the library (its worker loads it from /assets), and nothing came from another origin.
    const stored = await adminDb.doc(`journals/${journal.id}`).get();
    expect(stored.get('title')).toBe('Lake trip, edited');
    expect(stored.get('coverImageId')).toBe(b);
    expect(stored.get('photoCount')).toBe(3);
    const imageDocs = await adminDb
      .collection(`journals/${journal.id}/images`)
      .orderBy('orderIndex')
      .get();
    expect(imageDocs.docs.map((d) => d.id).slice(0, 2)).toEqual([c, b]);
    expect(imageDocs.docs[0]?.get('cropPosition')).toBe(50);
    // `width` is what arrived: the 3200 px photo was shrunk to 2400 px before upload.
    expect(imageDocs.docs[2]?.get('width')).toBe(2400);
    // The library's module, and the copy its worker imports unless the service worker's
    // cache answers that one (this page's request log does not always show it).
    expect(new Set(assets).size).toBeGreaterThanOrEqual(1);
    expect(assets.every((url) => url.startsWith(`${origin}/assets/`))).toBe(true);
    expect(offsite).toEqual([]);
  });

  it('tells a contributor they cannot edit and offers the way back', async () => {
    const { owner, contributor, journal } = await sharedMoment();
    await uploadPhoto(owner.client, journal.id);
    const page = await openAs(contributor);
    await page.goto(`/journals/${journal.id}`);
    await page.getByText('1 of 1', { exact: true }).waitFor();
    expect(await page.getByRole('link', { name: 'Edit', exact: true }).count()).toBe(0);

    await page.goto(`/moment/${journal.id}/edit`);
    await page.getByText('Only the owner can edit this moment.').waitFor();
    expect(await page.getByLabel('Title').count()).toBe(0);
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Back to the moment', exact: true }).click();
    await page.waitForURL(`**/journals/${journal.id}`);
    await page.getByText('1 of 1', { exact: true }).waitFor();
  });
});

describe('deleting a moment from its card', () => {
  it("removes its documents (journal, photos, entries, members' states) and its photo bytes", async () => {
    const owner = await signedIn({ firstName: 'Dana', lastName: 'Delete' });
    const { journal, images } = await momentWithPhotos(owner, 'To be removed', [
      '#7fb3d5',
      '#d98880',
    ]);
    await owner.client.post(`/api/journals/${journal.id}/comments`, {
      text: '#photo 1 bye',
      photoId: images[0]!.id,
    });
    const page = await openAs(owner);
    // Opening the moment marks it viewed, in the owner's state document.
    await page.goto(`/journals/${journal.id}`);
    await page.getByText('#photo 1 bye').waitFor();
    const ref = adminDb.doc(`journals/${journal.id}`);
    const state = adminDb.doc(`memberStates/${memberStateId(journal.id, owner.user.uid)}`);
    await expect
      .poll(async () => (await state.get()).get('lastViewedAt') instanceof Timestamp)
      .toBe(true);
    expect(await storedCount(journal.id)).toBeGreaterThan(0);

    await page.goto('/home');
    await page
      .getByTestId('moment-card')
      .filter({ hasText: 'To be removed' })
      .getByRole('button', { name: 'Moment options' })
      .click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page
      .getByRole('dialog', { name: 'Delete Moment' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await page.getByText('Moment deleted', { exact: true }).waitFor();

    expect((await ref.get()).exists).toBe(false);
    for (const sub of ['images', 'comments']) {
      expect((await ref.collection(sub).count().get()).data().count, sub).toBe(0);
    }
    expect((await state.get()).exists).toBe(false);
    expect(await storedCount(journal.id)).toBe(0);
  });
});

describe('Photo Comments dialog', () => {
  it('shows the photo and the timeline with its entries marked, posts one about it, closes with Escape', async () => {
    const owner = await signedIn({ firstName: 'Pia', lastName: 'Photos' });
    const { journal, images } = await momentWithPhotos(owner, 'Garden', [
      '#7fb3d5',
      '#d98880',
      '#82e0aa',
    ]);
    const [a, b, c] = images as [JournalImage, JournalImage, JournalImage];
    // Display order b, a, c: the carousel's first photo is "#photo 2" (numbers follow creation).
    await owner.client.put(`/api/journals/${journal.id}/images/order`, {
      imageIds: [b.id, a.id, c.id],
    });
    const path = `/api/journals/${journal.id}/comments`;
    await owner.client.post(path, { text: '#photo 2 lovely light' });
    await owner.client.post(path, { text: 'The tree on the left', photoId: b.id });
    await owner.client.post(path, { text: '#photo 1 first one' });
    await owner.client.post(path, { text: '#photo 3 last one', photoId: c.id });

    const page = await openAs(owner);
    await page.goto(`/journals/${journal.id}`);
    await page.getByText('1 of 3', { exact: true }).waitFor();
    await page.getByText('#photo 3 last one').waitFor();

    // The comments button on the photo opens the dialog for that photo.
    const frame = page.getByTestId('carousel-frame');
    await page.getByRole('button', { name: 'Open photo 1 with its comments' }).click();
    const dialog = page.getByRole('dialog', { name: 'Photo Comments' });
    await dialog.waitFor();
    const big = dialog.getByRole('img', { name: 'Garden, photo 1 of 3' });
    expect(await big.getAttribute('src')).toBe(b.imageUrl);
    // The whole timeline, in order; the entries about this photo are marked.
    const entries = dialog.getByRole('list', { name: 'Timeline' });
    const texts = () => entries.locator('li [data-entry-text]').allTextContents();
    const marked = () =>
      entries.locator('li[data-about-photo] [data-entry-text]').allTextContents();
    await expect
      .poll(texts)
      .toEqual([
        '#photo 2 lovely light',
        'The tree on the left',
        '#photo 1 first one',
        '#photo 3 last one',
      ]);
    expect(await marked()).toEqual(['#photo 2 lovely light', 'The tree on the left']);
    expect(await entries.getByText('About this photo').count()).toBe(2);
    await expectAccessible(page);
    await page.screenshot({ path: join(tmpdir(), 'photo-comments.png') });
    // "Only this photo" narrows the list to those.
    await dialog.getByLabel('Only this photo').click();
    await expect.poll(texts).toEqual(['#photo 2 lovely light', 'The tree on the left']);

    // Posting from the dialog: named "#photo 2" and tied to the photo.
    const input = dialog.getByRole('textbox', { name: /^Write about this photo/ });
    expect(await dialog.getByRole('button', { name: 'Send' }).count()).toBe(0);
    await input.fill('so green');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await page.getByText('Entry added', { exact: true }).waitFor();
    await expect
      .poll(texts)
      .toEqual(['#photo 2 lovely light', 'The tree on the left', '#photo 2 so green']);
    expect(await input.inputValue()).toBe('');
    const posted = await owner.client.get<Comment[]>(path);
    expect(posted.body.at(-1)).toMatchObject({ text: '#photo 2 so green', photoId: b.id });

    // Escape closes it; the timeline behind has the new entry with its link.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('#photo 2 so green').waitFor();

    // On a phone, taps on the photo's sides move: no previous and next buttons over it.
    expect(await page.getByRole('button', { name: 'Next photo' }).isVisible()).toBe(false);
    // On a wide screen, for the second photo; the Close button shuts it.
    await page.setViewportSize({ width: 1024, height: 800 });
    await page.getByRole('button', { name: 'Next photo' }).waitFor();
    await page.getByRole('button', { name: 'Next photo' }).click();
    await page.getByText('2 of 3', { exact: true }).waitFor();
    await frame.getByRole('button', { name: 'Open photo 2 with its comments' }).click();
    await dialog.waitFor();
    await expect.poll(marked).toEqual(['#photo 1 first one']);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });
});
