import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, signInThroughUi, useBrowser } from '../support/browser';
import { createUser } from '../support/emulators';
import { makeJpeg } from '../support/photos';

const { newPage, newContext } = useBrowser();
let photoDir: string;
let photoFiles: string[];

beforeAll(async () => {
  photoDir = await mkdtemp(join(tmpdir(), 'moments-e2e-'));
  const colours = ['#7fb3d5', '#d98880', '#82e0aa'];
  photoFiles = await Promise.all(
    colours.map(async (colour, i) => {
      const file = join(photoDir, `photo-${i + 1}.jpg`);
      await writeFile(file, await makeJpeg({ width: 1600, height: 1200, colour }));
      return file;
    }),
  );
});
afterAll(async () => {
  if (photoDir) await rm(photoDir, { recursive: true, force: true });
});

async function signIn(page: Page) {
  const person = await createUser({ firstName: 'Mia', lastName: 'Moments' });
  await signInThroughUi(page, person.phoneNumber);
  await page.waitForURL('**/home');
  await page.getByText('No private moments found').waitFor();
}

async function createMoment(page: Page, title: string, files: string[]): Promise<string> {
  await page.getByRole('link', { name: 'New Moment', exact: true }).click();
  await page.waitForURL('**/moment/new');
  await page.getByLabel('Title').waitFor();
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Title is required').waitFor();
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Content').fill('A day by the sea.');
  if (files.length) await page.getByLabel('Add photos').setInputFiles(files);
  await expect.poll(() => page.getByRole('img', { name: /^New photo/ }).count()).toBe(files.length);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL('**/journals/*', { timeout: 60_000 });
  return new URL(page.url()).pathname.split('/').pop() ?? '';
}

describe('moments', () => {
  it('creates a moment with photos, browses, references a photo, pins and deletes it', async () => {
    const page = await newPage();
    await signIn(page);

    const id = await createMoment(page, 'Beach day', photoFiles);
    expect(id).not.toBe('');

    // Detail: carousel, tap zones at 390 px.
    const counter = page.getByText('1 of 3', { exact: true });
    await counter.waitFor();
    const frame = page.getByTestId('carousel-frame');
    const box = await frame.boundingBox();
    if (!box) throw new Error('no carousel');
    await frame.click({ position: { x: box.width * 0.92, y: box.height / 2 } });
    await page.getByText('2 of 3', { exact: true }).waitFor();
    const second = page.getByRole('img', { name: 'Beach day, photo 2 of 3' }).first();
    await expect
      .poll(
        () => second.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)),
        {
          timeout: 15_000,
        },
      )
      .toBeGreaterThan(0);
    await frame.click({ position: { x: box.width * 0.05, y: box.height / 2 } });
    await page.getByText('1 of 3', { exact: true }).waitFor();
    await expect
      .poll(() =>
        page.evaluate(() =>
          Array.from(document.querySelectorAll('img[loading]')).map((img) =>
            img.getAttribute('loading'),
          ),
        ),
      )
      .toEqual(['eager', 'eager', 'lazy']);

    // Timeline: the send button appears only with text; "#photo 2" links to photo 2.
    const input = page.getByPlaceholder('Add to this memory...');
    expect(await page.getByRole('button', { name: 'Send' }).count()).toBe(0);
    await input.fill('   ');
    expect(await page.getByRole('button', { name: 'Send' }).count()).toBe(0);
    // The field grows with its text, one line to four, and then scrolls.
    const field = () =>
      input.evaluate((element) => ({
        height: element.getBoundingClientRect().height,
        line: parseFloat(getComputedStyle(element).lineHeight),
        scrolls: element.scrollHeight > element.clientHeight,
      }));
    const oneLine = await field();
    await input.fill('one\ntwo\nthree');
    const threeLines = await field();
    expect(threeLines.height).toBeCloseTo(oneLine.height + 2 * oneLine.line, 0);
    await input.fill('1\n2\n3\n4\n5\n6\n7\n8');
    const eightLines = await field();
    expect(eightLines.height).toBeCloseTo(oneLine.height + 3 * oneLine.line, 0);
    expect(eightLines.scrolls).toBe(true);
    expect(oneLine.scrolls).toBe(false);
    await input.fill('#photo 2 looks great');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByText('Entry added', { exact: true }).waitFor();
    await expect.poll(() => input.inputValue()).toBe('');
    const link = page.getByRole('button', { name: '#photo 2' });
    await link.waitFor();
    expect(await page.getByRole('button', { name: 'Show photo 2' }).count()).toBeGreaterThan(0);
    await link.click();
    await page.getByText('2 of 3', { exact: true }).waitFor();
    await expect.poll(() => frame.getAttribute('data-highlighted')).toBe('true');
    await expect.poll(() => frame.getAttribute('data-highlighted'), { timeout: 5000 }).toBe(null);
    await page.screenshot({ path: join(tmpdir(), 'moments-detail.png'), fullPage: true });
    await expectAccessible(page);

    // Home: the card shows its cover photo, loaded.
    await page.goto('/home');
    const card = page.getByTestId('moment-card').filter({ hasText: 'Beach day' });
    await card.waitFor();
    const cover = card.locator('img');
    await expect
      .poll(
        () => cover.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)),
        {
          timeout: 15_000,
        },
      )
      .toBeGreaterThan(0);

    // A second, text-only moment is newer, so it comes first until the older one is pinned.
    await createMoment(page, 'Notes only', []);
    await page.goto('/home');
    const titles = () => page.getByTestId('moment-card').locator('h2').allTextContents();
    // The list may show the device's cached copy first; the new moment comes with the server's
    // answer, which a loaded machine can take a while to deliver.
    await page.getByTestId('moment-card').filter({ hasText: 'Notes only' }).waitFor();
    await expect.poll(titles, { timeout: 15_000 }).toEqual(['Notes only', 'Beach day']);
    await page.screenshot({ path: join(tmpdir(), 'moments-home.png'), fullPage: true });
    await expectAccessible(page);
    await card.getByRole('button', { name: 'Moment options' }).click();
    await page.getByRole('menuitem', { name: 'Pin to Top' }).click();
    await page.getByText('Moment pinned', { exact: true }).waitFor();
    await expect.poll(titles).toEqual(['Beach day', 'Notes only']);

    // Delete both: the dialog, then the empty state.
    for (const title of ['Beach day', 'Notes only']) {
      await page
        .getByTestId('moment-card')
        .filter({ hasText: title })
        .getByRole('button', { name: 'Moment options' })
        .click();
      await page.getByRole('menuitem', { name: 'Delete' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete Moment' });
      await dialog
        .getByText(
          'Are you sure you want to delete this moment? This action cannot be undone and all photos, comments, and content will be permanently removed.',
        )
        .waitFor();
      await dialog.getByRole('button', { name: 'Delete' }).click();
      await page.getByText('Moment deleted', { exact: true }).waitFor();
      await dialog.waitFor({ state: 'hidden' });
    }
    await page.getByText('No private moments found').waitFor();
  });

  it('keeps what is typed while an entry is sent, and a failed entry with its message and Retry', async () => {
    const context = await newContext();
    const page = await context.newPage();
    await signIn(page);
    await createMoment(page, 'Party', []);
    const input = page.getByPlaceholder('Add to this memory...');
    const sent: { id?: string; text?: string }[] = [];
    let answer: 'hold' | 'fail' | 'pass' = 'hold';
    let release: () => void = () => undefined;
    await context.route('**/api/journals/*/comments', async (route) => {
      // Posts only (the timeline's first answer is a GET of the same address).
      if (route.request().method() !== 'POST') return route.fallback();
      sent.push(route.request().postDataJSON() as { id?: string; text?: string });
      if (answer === 'fail') {
        await route.fulfill({ status: 503, json: { message: 'The server is busy' } });
        return;
      }
      if (answer === 'hold') await new Promise<void>((resolve) => (release = resolve));
      await route.continue();
    });

    // Typing goes on while the first entry is on its way; only the sent words are cleared.
    await input.fill('Cake time');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByRole('progressbar', { name: 'Sending' }).waitFor();
    await input.pressSequentially(' and then dancing');
    answer = 'fail';
    release();
    await page.getByText('Entry added', { exact: true }).waitFor();
    await expect.poll(() => input.inputValue()).toBe('and then dancing');
    await page.getByRole('listitem').filter({ hasText: 'Cake time' }).waitFor();

    // A failed entry keeps its text, says why, and Retry sends the same entry (same id).
    await page.getByRole('button', { name: 'Send' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'The server is busy' });
    await alert.waitFor();
    expect(await input.inputValue()).toBe('and then dancing');
    await expectAccessible(page);
    answer = 'pass';
    await alert.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('listitem').filter({ hasText: 'and then dancing' }).waitFor();
    await expect.poll(() => input.inputValue()).toBe('');
    expect(sent.map((b) => b.text)).toEqual(['Cake time', 'and then dancing', 'and then dancing']);
    expect(sent[1]?.id).toMatch(/^[A-Za-z0-9]{20}$/);
    expect(sent[2]?.id).toBe(sent[1]?.id);
    expect(sent[0]?.id).not.toBe(sent[1]?.id);
  });
});
