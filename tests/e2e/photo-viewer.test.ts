// The fullscreen photo viewer and the photo editor, driven by touch in a phone-sized Chromium.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Journal, JournalImage } from '@moments/shared';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { expectAccessible, signInThroughUi, useBrowser } from '../support/browser';
import { adminDb } from '../support/emulators';
import { newMoment, sharedMoment, signedIn, type SignedIn } from '../support/moments';
import { makeJpeg, uploadPhoto } from '../support/photos';
import { doubleTap, pinch, swipe } from '../support/touch';

const { newPage } = useBrowser();
/** Loading an image, or drawing one turned, can take seconds on a busy 2-core machine. */
const SLOW = { timeout: 15_000 };

async function withPhotos(owner: SignedIn, journalId: string, colours: string[]) {
  const images: JournalImage[] = [];
  for (const colour of colours) {
    const res = await uploadPhoto(
      owner.client,
      journalId,
      await makeJpeg({ width: 1200, height: 800, colour }),
    );
    if (res.status !== 201) throw new Error(`upload answered ${res.status}`);
    images.push(res.body);
  }
  return images;
}

async function openAs(
  person: SignedIn,
  path: string,
  beforeOpening?: (page: Page) => Promise<unknown>,
): Promise<Page> {
  const page = await newPage();
  await signInThroughUi(page, person.user.phoneNumber);
  await page.waitForURL('**/home');
  await beforeOpening?.(page);
  await page.goto(path);
  return page;
}

/** The scripts the page has loaded whose name starts with `chunk`. */
const loadedChunks = (page: Page, chunk: string) =>
  page.evaluate(
    (name) =>
      performance
        .getEntriesByType('resource')
        .map((entry) => entry.name)
        .filter((url) => url.includes(`/assets/${name}`)).length,
    chunk,
  );

describe('fullscreen photo viewer', () => {
  it('opens on a tap, swipes, pinches and double-taps to zoom, closes on a swipe down', async () => {
    const owner = await signedIn({ firstName: 'Vera', lastName: 'Viewer' });
    const journal = await newMoment(owner.client, { title: 'Harbour' });
    const images = await withPhotos(owner, journal.id, ['#7fb3d5', '#d98880', '#82e0aa']);
    // The display image (for zooming) is slow to come: the size the carousel already shows
    // holds its place. Held from the start: nothing else on the page needs the display size.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const page = await openAs(owner, `/journals/${journal.id}`, (opening) =>
      opening.context().route(`**/images/${images[0]!.id}/display`, async (route) => {
        await held;
        await route.continue();
      }),
    );
    await page.getByText('1 of 3', { exact: true }).waitFor();
    expect(await loadedChunks(page, 'photo-viewer')).toBe(0);

    // A tap in the middle of the photo opens the viewer (its code loads only now).
    const frame = page.getByTestId('carousel-frame');
    const box = (await frame.boundingBox())!;
    await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
    const viewer = page.getByRole('dialog', { name: 'Photos of Harbour' });
    await viewer.waitFor();
    expect(await loadedChunks(page, 'photo-viewer')).toBe(1);
    await viewer.getByText('1 of 3', { exact: true }).waitFor();
    const stage = viewer.getByTestId('photo-viewer-stage');
    await expect
      .poll(
        () => stage.locator('img').evaluateAll((els) => els.map((el) => el.getAttribute('src'))),
        SLOW,
      )
      .toEqual([images[0]!.thumbUrl, images[0]!.imageUrl]);
    // The stand-in is the very copy the carousel shows (no second download), not the display.
    const carouselCopy = await frame
      .locator('img')
      .first()
      .evaluate((img: HTMLImageElement) => img.currentSrc);
    expect(carouselCopy).toMatch(/\/medium$/);
    await expect
      .poll(() =>
        stage
          .locator('img')
          .first()
          .evaluate((img: HTMLImageElement) => img.currentSrc),
      )
      .toBe(carouselCopy);
    release();
    const shown = viewer.getByRole('img', { name: 'Harbour, photo 1 of 3' });
    await expect.poll(() => shown.getAttribute('data-loaded'), SLOW).toBe('true');
    expect(await stage.locator('img').count()).toBe(1);
    await expectAccessible(page);
    await page.screenshot({ path: join(tmpdir(), 'photo-viewer.png') });

    // Swipe left: the next photo; swipe right: back.
    const view = (await stage.boundingBox())!;
    const mid = { x: view.x + view.width / 2, y: view.y + view.height / 2 };
    await swipe(page, { x: mid.x + 120, y: mid.y }, { x: mid.x - 120, y: mid.y });
    await viewer.getByText('2 of 3', { exact: true }).waitFor();
    await swipe(page, { x: mid.x - 120, y: mid.y }, { x: mid.x + 120, y: mid.y });
    await viewer.getByText('1 of 3', { exact: true }).waitFor();

    // Pinch out zooms in; a swipe then pans instead of changing photo.
    await pinch(page, mid, 60, 240);
    await expect
      .poll(async () => Number(await stage.getAttribute('data-scale')), SLOW)
      .toBeGreaterThan(2);
    await swipe(page, { x: mid.x + 100, y: mid.y }, { x: mid.x - 100, y: mid.y });
    await viewer.getByText('1 of 3', { exact: true }).waitFor();
    // A double tap goes back to the whole photo, another zooms in again.
    await doubleTap(page, mid);
    await expect.poll(() => stage.getAttribute('data-scale'), SLOW).toBe('1');
    await doubleTap(page, mid);
    await expect.poll(() => stage.getAttribute('data-scale'), SLOW).toBe('2.5');
    await doubleTap(page, mid);
    await expect.poll(() => stage.getAttribute('data-scale'), SLOW).toBe('1');

    // Swipe to the third photo, then down to close: the carousel stays on it.
    await swipe(page, { x: mid.x + 120, y: mid.y }, { x: mid.x - 120, y: mid.y });
    await swipe(page, { x: mid.x + 120, y: mid.y }, { x: mid.x - 120, y: mid.y });
    await viewer.getByText('3 of 3', { exact: true }).waitFor();
    await swipe(page, { x: mid.x, y: mid.y - 50 }, { x: mid.x, y: mid.y + 200 });
    await viewer.waitFor({ state: 'hidden' });
    await page.getByText('3 of 3', { exact: true }).waitFor();
  });

  it('works from the keyboard: arrows, Escape, and focus back on the button that opened it', async () => {
    const owner = await signedIn({ firstName: 'Kit', lastName: 'Keys' });
    const journal = await newMoment(owner.client, { title: 'Keys' });
    await withPhotos(owner, journal.id, ['#7fb3d5', '#d98880']);
    const page = await openAs(owner, `/journals/${journal.id}`);
    await page.setViewportSize({ width: 1024, height: 800 });
    const open = page.getByRole('button', { name: 'View photo 1 fullscreen' });
    await open.focus();
    await page.keyboard.press('Enter');
    const viewer = page.getByRole('dialog', { name: 'Photos of Keys' });
    await viewer.waitFor();
    // Focus is inside: on Close.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')), SLOW)
      .toBe('Close');
    await page.keyboard.press('ArrowRight');
    await viewer.getByText('2 of 2', { exact: true }).waitFor();
    await page.keyboard.press('ArrowLeft');
    await viewer.getByText('1 of 2', { exact: true }).waitFor();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'hidden' });
    await page.getByText('2 of 2', { exact: true }).waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')), SLOW)
      .toBe('View photo 2 fullscreen');
    // From the viewer, Comments opens the Photo Comments dialog of the photo shown.
    await page.keyboard.press('Enter');
    await viewer.waitFor();
    await viewer.getByRole('button', { name: 'Comments on this photo' }).click();
    await page.getByRole('dialog', { name: 'Photo Comments' }).getByText('Photo 2 of 2').waitFor();
  });
});

describe('photo editor', () => {
  it('crops with live previews, turns, undoes, and saves for every member (touch)', async () => {
    const { owner, contributor, journal } = await sharedMoment();
    const [image] = await withPhotos(owner, journal.id, ['#f5b041']);
    const page = await openAs(owner, `/moment/${journal.id}/edit`);
    await page.getByRole('button', { name: 'Edit photo 1' }).waitFor();
    expect(await loadedChunks(page, 'photo-editor')).toBe(0);
    await page.getByRole('button', { name: 'Edit photo 1' }).click();

    const editor = page.getByRole('dialog', { name: 'Edit photo 1' });
    await editor.waitFor();
    expect(await loadedChunks(page, 'photo-editor')).toBe(1);
    const save = editor.getByRole('button', { name: 'Save' });
    const undo = editor.getByRole('button', { name: 'Undo' });
    expect(await save.isDisabled()).toBe(true);
    await expectAccessible(page);
    await page.screenshot({ path: join(tmpdir(), 'photo-editor.png') });

    // Drag the crop slider's thumb towards the bottom with a finger: both previews follow.
    const slider = editor.getByRole('slider', { name: 'Vertical crop' });
    const thumb = (await editor.locator('.MuiSlider-thumb').boundingBox())!;
    const track = (await editor.locator('.MuiSlider-root').boundingBox())!;
    const from = { x: thumb.x + thumb.width / 2, y: thumb.y + thumb.height / 2 };
    await swipe(page, from, { x: track.x + track.width * 0.8, y: from.y });
    const dragged = Number(await slider.inputValue());
    expect(dragged).toBeGreaterThan(70);
    for (const preview of ['card-preview', 'carousel-preview']) {
      await expect
        .poll(
          () => editor.getByTestId(preview).evaluate((img) => getComputedStyle(img).objectPosition),
          SLOW,
        )
        .toBe(`50% ${dragged}%`);
    }

    // Turn it: the previews show it turned before anything is saved.
    // A button is pressed with a click: a touch tap can read as a long press when the machine
    // is slow between touch start and end.
    await editor.getByRole('button', { name: 'Rotate right' }).click();
    const photo = editor.getByTestId('editor-photo');
    await expect.poll(() => photo.getAttribute('data-rotation'), SLOW).toBe('90');
    expect(await photo.evaluate((img) => getComputedStyle(img).transform)).not.toBe('none');
    // The framed previews are the photo drawn turned: portrait now, cropped as chosen.
    const card = editor.getByTestId('card-preview');
    await expect
      .poll(
        () =>
          card.evaluate((img: HTMLImageElement) =>
            img.src.startsWith('blob:') && img.complete
              ? img.naturalHeight > img.naturalWidth
              : false,
          ),
        SLOW,
      )
      .toBe(true);
    expect(await card.getAttribute('data-crop')).toBe(String(dragged));
    // Undo takes back the turn, then the crop.
    await undo.click();
    await expect.poll(() => photo.getAttribute('data-rotation'), SLOW).toBe('0');
    await undo.click();
    expect(await slider.inputValue()).toBe('30');
    expect(await save.isDisabled()).toBe(true);

    // Turn twice and Save: sent at once, for everyone.
    await editor.getByRole('button', { name: 'Rotate right' }).click();
    await editor.getByRole('button', { name: 'Rotate right' }).click();
    await editor.getByRole('button', { name: 'Rotate right' }).click();
    await save.click();
    await editor.waitFor({ state: 'hidden' });
    const stored = await adminDb.doc(`journals/${journal.id}/images/${image!.id}`).get();
    expect(stored.get('rotation')).toBe(270);
    expect(stored.get('seq')).toBe(1);
    const seen = await contributor.client.get<Journal>(`/api/journals/${journal.id}`);
    const turned = seen.body.images[0]!;
    expect(turned).toMatchObject({ id: image!.id, rotation: 270 });
    const bytes = await contributor.client.getBytes(turned.imageUrl);
    const { width, height } = await sharp(bytes.body).metadata();
    expect(height).toBeGreaterThan(width!);
    // The row's thumbnail is the turned one.
    expect(await page.getByTestId('crop-preview').getAttribute('src')).toBe(turned.thumbUrl);
    expect(await page.getByTestId('crop-preview').getAttribute('srcset')).toContain(
      `${turned.id}/tiny?rotation=270`,
    );
  });
});
