// A first press answers from the code already on the page (issue 43): once the first screen is
// drawn, every script request is held (never answered) and each control a person uses first is
// pressed; its visible feedback (the menu, the dialog's frame) must show without them. Photo
// compression runs in a worker from the app's origin, with no CSP violation.
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { recordCspViolations, signInContext, useBrowser } from '../support/browser';
import { newMoment, signedIn, type SignedIn } from '../support/moments';
import { makeJpeg, uploadPhoto } from '../support/photos';

const { newContext } = useBrowser();
let maya: SignedIn;
let momentId: string;

beforeAll(async () => {
  maya = await signedIn({ firstName: 'Maya', lastName: 'Touch' });
  const moment = await newMoment(maya.client, { title: 'First touch' });
  momentId = moment.id;
  expect((await uploadPhoto(maya.client, momentId)).status).toBe(201);
}, 60_000);

/**
 * From now on every request for code (a script or a style sheet) waits forever: what a press
 * shows after this needs none. Returns the paths asked for meanwhile.
 */
async function holdCode(context: BrowserContext): Promise<string[]> {
  const held: string[] = [];
  await context.route(/\/assets\/.+\.(js|css)$/, (route) => {
    held.push(new URL(route.request().url()).pathname);
    // Never answered: the page sees a download that does not finish.
  });
  return held;
}

async function signedInContext() {
  // The service worker would answer from its precache, past the route.
  const context = await newContext({ serviceWorkers: 'block' });
  await signInContext(context, maya.user.phoneNumber);
  return context;
}

async function openHome(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.goto('/home');
  await page.getByTestId('moment-card').first().waitFor();
  return page;
}

describe('the first press', () => {
  it("shows /home's account menu and a card's menu without any more code", async () => {
    const context = await signedInContext();
    const page = await openHome(context);
    // Whatever the page asks for from here on (its own later code too) never arrives.
    await holdCode(context);

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'My Account' }).waitFor();
    await expect
      .poll(() => page.getByRole('menuitem').allTextContents())
      .toEqual(['My Account', 'Logout']);
    // Escape closes it and gives the focus back to its button.
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('menuitem').count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Account menu',
    );

    await page.getByRole('button', { name: 'Moment options' }).first().click();
    await page.getByRole('menuitem', { name: 'Pin to Top' }).waitFor();
    const items = await page.getByRole('menuitem').allTextContents();
    expect(items[0]).toBe('Pin to Top');
    expect(items.some((text) => text.startsWith('Share'))).toBe(true);
    expect(items.some((text) => text.startsWith('Delete'))).toBe(true);
    // The menu's first item has the focus, as MUI's did.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Pin to Top');

    // Delete's dialog brings the UI kit (prefetched once the page has settled): it, or its frame
    // while that code is still held, shows at the press.
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const deleting = page.getByRole('dialog', { name: 'Delete Moment' });
    await deleting.waitFor();
    await page.keyboard.press('Escape');
    await deleting.waitFor({ state: 'detached' });

    // Export's dialog (client-zip, the export model) likewise: its frame at the press.
    await page.getByRole('button', { name: 'Moment options' }).first().click();
    await page.getByRole('menuitem', { name: 'Export' }).click();
    await page.getByRole('dialog', { name: 'Export moment' }).waitFor();
  });

  it("shows New Moment's page frame at the press while the page's code is held", async () => {
    const context = await signedInContext();
    const page = await openHome(context);
    const held = await holdCode(context);

    await page.getByRole('link', { name: 'New Moment', exact: true }).click();
    // The router's navigation would keep /home on the screen until the page's code arrived.
    await page.getByRole('heading', { name: 'New Moment', level: 1 }).waitFor();
    await page.getByRole('progressbar', { name: 'Loading New Moment' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/moment/new');
    expect(held.some((path) => /\/new-[\w-]+\.js$/.test(path))).toBe(true);
  });

  it("shows /auth's Send Code busy at the press while the sign-in rules' code is held", async () => {
    const context = await newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.goto('/auth');
    const field = page.getByLabel('Phone number');
    // Enabled once the app has taken over the prerendered screen.
    await field.click();
    const held = await holdCode(context);

    await field.fill('6505550123');
    await page.getByRole('button', { name: 'Send Code' }).click();
    // Checking the number waits for the rules' code (asked for once the number may be whole):
    // the button is busy meanwhile (its label hidden behind a spinner), and no second press can
    // send twice.
    const submit = page.locator('form button[type="submit"]');
    await expect.poll(() => submit.isDisabled()).toBe(true);
    expect(await submit.locator('svg.spinner').count()).toBe(1);
    // Busy, it keeps its name for a screen reader, and says it is busy.
    const named = page.getByRole('button', { name: 'Send Code', exact: true });
    expect(await named.getAttribute('aria-busy')).toBe('true');
    await expect
      .poll(() => held.some((path) => /\/sign-in-rules-[\w-]+\.js$/.test(path)))
      .toBe(true);
  });

  it("shows a moment's Share, photo viewer and Photo Comments frames while their code is held", async () => {
    const context = await signedInContext();
    const page = await context.newPage();
    await page.goto(`/journals/${momentId}`);
    await page.getByRole('button', { name: 'View photo 1 fullscreen' }).waitFor();
    const held = await holdCode(context);

    for (const [press, dialog] of [
      [page.getByRole('button', { name: 'Share', exact: true }), 'Share'],
      [page.getByRole('button', { name: 'View photo 1 fullscreen' }), 'Photo'],
      [page.getByRole('button', { name: 'Open photo 1 with its comments' }), 'Photo Comments'],
    ] as const) {
      await press.click();
      const frame = page.getByRole('dialog', { name: dialog });
      await frame.waitFor();
      expect(await frame.getAttribute('aria-busy')).toBe('true');
      // Escape closes the frame, and the page is usable again.
      await page.keyboard.press('Escape');
      await frame.waitFor({ state: 'detached' });
    }
    // Each dialog's code was asked for at its press (and held).
    expect(held.length).toBeGreaterThan(0);
  });

  it("shows a moment's Send busy at the press while the entry's length rule is held", async () => {
    const context = await signedInContext();
    const page = await context.newPage();
    await page.goto(`/journals/${momentId}`);
    const field = page.getByRole('textbox', { name: 'Add to this memory' });
    await field.waitFor();
    const held = await holdCode(context);

    // Typing asks for the length rule's code; the post waits for it.
    await field.fill('Before the rule arrived');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByRole('progressbar', { name: 'Sending' }).waitFor();
    const send = page.getByRole('button', { name: 'Send', exact: true });
    expect(await send.getAttribute('aria-busy')).toBe('true');
    // The words stay in the field until the entry is answered.
    expect(await field.inputValue()).toBe('Before the rule arrived');
    expect(held.some((path) => /\/entry-rules-[\w-]+\.js$/.test(path))).toBe(true);
  });
});

describe('photo compression', () => {
  it("runs in a worker from the app's origin, with no CSP violation", async () => {
    const context = await signedInContext();
    const page = await context.newPage();
    const violations = await recordCspViolations(page);
    const workers: string[] = [];
    page.on('worker', (worker) => workers.push(worker.url()));
    await page.goto(`/moment/${momentId}/edit`);
    const photo = await makeJpeg({ width: 3000, height: 2000 });
    await page
      .getByLabel('Add photos')
      .setInputFiles([{ name: 'big.jpg', mimeType: 'image/jpeg', buffer: photo }]);
    await page.getByRole('img', { name: 'New photo 1' }).waitFor();
    // Compressed and sent on Save.
    const [upload] = await Promise.all([
      page.waitForRequest((request) => /\/api\/journals\/[^/]+\/images$/.test(request.url())),
      page.getByRole('button', { name: 'Save' }).click(),
    ]);
    // Compressed before it was sent.
    expect(Number(await upload.headerValue('content-length'))).toBeLessThan(photo.length);
    const origin = new URL(page.url()).origin;
    expect(
      workers.filter((url) => url.startsWith(`${origin}/assets/compress-image-worker`)),
    ).toHaveLength(1);
    expect(workers.filter((url) => url.startsWith('blob:'))).toEqual([]);
    expect(await violations()).toEqual([]);
  });
});
