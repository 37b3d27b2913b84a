import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, signInThroughUi, useBrowser } from '../support/browser';
import { adminDb, createUser } from '../support/emulators';
import { makeJpeg } from '../support/photos';

const { newPage } = useBrowser();

async function openMyAccount(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'My Account' }).click();
  await page.waitForURL('**/profile');
}

describe('My Account', () => {
  it('comes back to /profile after signing in from it (redirectAfterLogin)', async () => {
    const person = await createUser({ firstName: 'Rosa' });
    const page = await newPage();
    await page.goto('/profile');
    await page.waitForURL('**/auth');
    await signInThroughUi(page, person.phoneNumber);
    await page.waitForURL('**/profile');
    await page.getByRole('heading', { name: 'My Account' }).waitFor();
  });

  it('saves a changed name and picture that survive a reload', async () => {
    const person = await createUser({ firstName: 'Katherine', lastName: 'Johnson' });
    const page = await newPage();
    await signInThroughUi(page, person.phoneNumber);
    await page.waitForURL('**/home');
    await openMyAccount(page);

    const firstName = page.getByLabel('First name');
    await expect.poll(() => firstName.inputValue(), { timeout: 5000 }).toBe('Katherine');
    // The phone number is shown, read-only.
    const phone = page.getByLabel('Phone number');
    expect(await phone.getAttribute('readonly')).not.toBeNull();
    expect((await phone.inputValue()).replace(/[^\d+]/g, '')).toBe(person.phoneNumber);
    await expectAccessible(page);

    await firstName.fill('   ');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('First name is required').waitFor();

    await firstName.fill('Kathy');
    await page.getByLabel('Recovery email (optional)').fill('kathy@example.com');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Profile updated', { exact: true }).waitFor();

    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      page.getByRole('button', { name: 'Add photo' }).click(),
    ]);
    await chooser.setFiles({
      name: 'me.jpg',
      mimeType: 'image/jpeg',
      buffer: await makeJpeg({ width: 800, height: 600 }),
    });
    // Saved at once: the header avatar shows it.
    const avatar = page.getByRole('button', { name: 'Account menu' }).locator('img');
    await expect.poll(() => avatar.count(), { timeout: 15_000 }).toBe(1);
    expect(await avatar.getAttribute('src')).toMatch(/^\/api\/users\/.+\/picture\//);

    await page.reload();
    await expect
      .poll(() => page.getByLabel('First name').inputValue(), { timeout: 5000 })
      .toBe('Kathy');
    expect(await page.getByLabel('Recovery email (optional)').inputValue()).toBe(
      'kathy@example.com',
    );
    await expect.poll(() => avatar.count(), { timeout: 15_000 }).toBe(1);
    expect(await avatar.getAttribute('src')).toMatch(/^\/api\/users\/.+\/picture\//);
    const saved = await adminDb.doc(`users/${person.uid}`).get();
    expect(saved.get('firstName')).toBe('Kathy');
    expect(saved.get('lastName')).toBe('Johnson');
  });

  it('says so when the profile cannot be refreshed, and keeps the page', async () => {
    const person = await createUser({ firstName: 'Mary' });
    const page = await newPage();
    await signInThroughUi(page, person.phoneNumber);
    await page.waitForURL('**/home');
    await page
      .context()
      .route('**/api/user', (route) =>
        route.request().method() === 'GET'
          ? route.fulfill({ status: 503, body: 'Service Unavailable' })
          : route.continue(),
      );
    await openMyAccount(page);
    await page.getByText('Failed to refresh user data', { exact: true }).waitFor();
    await page
      .getByText('There was an error refreshing your profile. Please try again.', { exact: true })
      .waitFor();
    expect(await page.getByLabel('First name').inputValue()).toBe('Mary');
  });

  it('logs out from the avatar menu; /home then sends to /auth', async () => {
    const person = await createUser();
    const page = await newPage();
    await signInThroughUi(page, person.phoneNumber);
    await page.waitForURL('**/home');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL('**/auth');
    await page.getByRole('button', { name: 'Send Code' }).waitFor();
    await page.goto('/home');
    await page.waitForURL('**/auth');
    await page.getByRole('button', { name: 'Send Code' }).waitFor();
  });
});
