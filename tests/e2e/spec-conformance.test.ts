// Places where the product follows the user's spec to the letter: the onboarding profile form,
// one photo's dots, the logo, the home page's swipes and the new-comments badge.
import { describe, expect, it } from 'vitest';
import { expectAccessible, signInThroughUi, useBrowser } from '../support/browser';
import { adminDb, appUrl, createUser } from '../support/emulators';
import { newMoment, sharedMoment, signedIn } from '../support/moments';
import { uploadPhoto } from '../support/photos';

const { newPage } = useBrowser();

describe('spec conformance', () => {
  it('the onboarding profile form needs only the first name', async () => {
    const person = await createUser({ firstName: 'Ada', lastName: 'Lovelace' });
    await adminDb.doc(`users/${person.uid}`).update({ onboarded: false, lastName: null });
    const page = await newPage();
    await signInThroughUi(page, person.phoneNumber);
    const complete = page.getByRole('button', { name: 'Complete Profile & Continue' });
    await complete.waitFor();
    const lastName = page.getByLabel('Last name (optional)');
    expect(await lastName.getAttribute('required')).toBe(null);
    await lastName.fill('');
    await complete.click();
    await page.waitForURL('**/home', { timeout: 30_000 });
    const stored = await adminDb.doc(`users/${person.uid}`).get();
    expect(stored.get('firstName')).toBe('Ada');
    expect(stored.get('lastName')).toBe(null);
    expect(stored.get('onboarded')).toBe(true);
  });

  it('the header has the logo, the same mark as the favicon and the app icons', async () => {
    const person = await signedIn();
    const page = await newPage();
    await signInThroughUi(page, person.user.phoneNumber);
    await page.waitForURL('**/home');
    const home = page.getByRole('link', { name: 'Moments', exact: true });
    const logo = home.getByTestId('logo-mark');
    await expect
      .poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), {
        timeout: 15_000,
      })
      .toBe(true);
    // The favicon and the manifest's icons are drawn from that mark (checked in a unit test).
    expect(await page.locator('link[rel="icon"][type="image/svg+xml"]').getAttribute('href')).toBe(
      '/favicon.svg',
    );
    const manifest = (await (await fetch(`${await appUrl()}/manifest.webmanifest`)).json()) as {
      icons: { src: string }[];
    };
    expect(manifest.icons.map((icon) => icon.src)).toContain('/icons/icon-512.png');
  });

  it('a sideways swipe on the home page can never become the browser’s Back', async () => {
    const person = await signedIn();
    const page = await newPage();
    await signInThroughUi(page, person.user.phoneNumber);
    await page.waitForURL('**/home');
    const overscroll = await page.evaluate(() => [
      getComputedStyle(document.documentElement).overscrollBehaviorX,
      getComputedStyle(document.body).overscrollBehaviorX,
    ]);
    expect(overscroll).toEqual(['none', 'none']);
  });

  it('a moment with one photo shows one dot', async () => {
    const owner = await signedIn();
    const journal = await newMoment(owner.client, { title: 'Just one' });
    expect((await uploadPhoto(owner.client, journal.id)).status).toBe(201);
    const page = await newPage();
    await signInThroughUi(page, owner.user.phoneNumber);
    await page.waitForURL('**/home');
    await page.goto(`/journals/${journal.id}`);
    await page.getByText('1 of 1', { exact: true }).waitFor();
    const dot = page.getByRole('button', { name: 'Show photo 1' });
    expect(await dot.getAttribute('aria-current')).toBe('true');
    expect(await page.getByRole('progressbar', { name: 'Photo position' }).count()).toBe(0);
  });

  it('the new-comments count is in the card’s accessible name', async () => {
    const { owner, contributor, journal } = await sharedMoment();
    const path = `/api/journals/${journal.id}/comments`;
    await contributor.client.post(path, { text: 'First!' });
    await contributor.client.post(path, { text: 'And again' });
    const page = await newPage();
    await signInThroughUi(page, owner.user.phoneNumber);
    await page.waitForURL('**/home');
    await page.getByRole('tab', { name: 'Shared' }).click();
    const card = page.getByRole('link', { name: /Family reunion/ });
    await expect
      .poll(() => card.evaluate((el) => el.textContent), { timeout: 15_000 })
      .toContain('2 new comments');
    expect(await page.getByRole('link', { name: /Family reunion.*2 new comments/ }).count()).toBe(
      1,
    );
    // The badge's own number is not read out a second time.
    expect(
      await page
        .getByTestId('new-comments-badge')
        .filter({ hasText: '2' })
        .first()
        .getAttribute('aria-hidden'),
    ).toBe('true');
    await expectAccessible(page);
  });
});
