import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, typedPhoneNumber, useBrowser } from '../support/browser';
import { adminDb, latestCode, newPhoneNumber } from '../support/emulators';
import { makeJpeg } from '../support/photos';

const { newPage } = useBrowser();

async function userDocByPhone(phoneNumber: string) {
  const snap = await adminDb.collection('users').where('phoneNumber', '==', phoneNumber).get();
  return snap.docs[0];
}

/** Chooses a file through the photo button, as a person would in the file picker. */
async function choosePhoto(
  page: Page,
  button: string,
  file: { name: string; mimeType: string; buffer: Buffer },
) {
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.getByRole('button', { name: button }).click(),
  ]);
  await chooser.setFiles(file);
}

describe('sign-up on the auth page', () => {
  it('creates an account: form, code, profile form with a photo, then /home', async () => {
    const page = await newPage();
    const phoneNumber = newPhoneNumber();

    await page.goto('/auth?signup=true');
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    await expectAccessible(page);

    await page.getByLabel('Phone number').fill(typedPhoneNumber(phoneNumber));
    await page.getByLabel('First name').fill('Grace');
    await page.getByLabel('Last name').fill('Hopper');
    // The terms must be accepted.
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText('You must accept the terms and conditions').waitFor();
    await page.getByLabel('I agree to the terms of service and privacy policy').check();
    await page.getByRole('button', { name: 'Create Account' }).click();

    const code = page.getByLabel('Verification code');
    await code.waitFor();
    expect(await page.getByRole('button', { name: 'Use Different Number' }).isVisible()).toBe(true);
    await expectAccessible(page);
    await code.fill(await latestCode(phoneNumber));
    await page.getByRole('button', { name: 'Verify' }).click();

    const complete = page.getByRole('button', { name: 'Complete Profile & Continue' });
    await complete.waitFor();
    // The names typed at sign-up are filled in.
    expect(await page.getByLabel('First name').inputValue()).toBe('Grace');
    await expectAccessible(page);

    // A file that is not an image, then one of 5 MB, are refused with the spec's toasts.
    await choosePhoto(page, 'Add photo', {
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not a picture'),
    });
    await page.getByText('Invalid file type', { exact: true }).waitFor();
    await page.getByText('Please select an image file', { exact: true }).waitFor();
    await choosePhoto(page, 'Add photo', {
      name: 'huge.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.alloc(5 * 1024 * 1024),
    });
    await page.getByText('File too large', { exact: true }).waitFor();
    await page.getByText('Please select an image under 5MB', { exact: true }).waitFor();

    // The compression library is fetched only when a picture is sent, and shrinks it.
    const scripts: string[] = [];
    page.on('request', (request) => scripts.push(new URL(request.url()).pathname));
    const photo = await makeJpeg({ width: 2400, height: 1800 });
    await choosePhoto(page, 'Add photo', { name: 'me.jpg', mimeType: 'image/jpeg', buffer: photo });
    await page.getByRole('button', { name: 'Change photo' }).waitFor();
    await page.getByLabel('Last name').fill('Murray Hopper');
    const isCompressor = (path: string) => path.includes('browser-image-compression');
    expect(scripts.some(isCompressor)).toBe(false);
    const [upload] = await Promise.all([page.waitForRequest('**/api/upload'), complete.click()]);
    expect(scripts.some(isCompressor)).toBe(true);
    expect(Number(await upload.headerValue('content-length'))).toBeLessThan(photo.length);

    await page.waitForURL('**/home');
    await page.getByText('No private moments found').waitFor();
    // The header avatar shows the uploaded picture.
    const avatar = page.getByRole('button', { name: 'Account menu' }).locator('img');
    await expect.poll(() => avatar.getAttribute('src')).toMatch(/^\/api\/users\/.+\/picture\//);

    const user = await userDocByPhone(phoneNumber);
    expect(user?.data()).toMatchObject({
      firstName: 'Grace',
      lastName: 'Murray Hopper',
      termsAccepted: true,
      onboarded: true,
      profilePictureUrl: expect.stringMatching(/^\/api\/users\//),
    });
  });

  it('goes on without the picture when its upload fails ("Failed to upload image")', async () => {
    const page = await newPage();
    const phoneNumber = newPhoneNumber();
    await page.context().route('**/api/upload', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'Storage is unavailable' }),
      }),
    );

    await page.goto('/auth');
    // "Sign up" switches the page to the sign-up form.
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.waitForURL('**/auth?signup=true');
    await page.getByLabel('Phone number').fill(typedPhoneNumber(phoneNumber));
    await page.getByLabel('First name').fill('Alan');
    await page.getByLabel('Last name').fill('Turing');
    await page.getByLabel('I agree to the terms of service and privacy policy').check();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByLabel('Verification code').waitFor();
    await page.getByLabel('Verification code').fill(await latestCode(phoneNumber));
    await page.getByRole('button', { name: 'Verify' }).click();

    await choosePhoto(page, 'Add photo', {
      name: 'me.jpg',
      mimeType: 'image/jpeg',
      buffer: await makeJpeg({ width: 320, height: 240 }),
    });
    await page.getByRole('button', { name: 'Complete Profile & Continue' }).click();
    await page.getByText('Failed to upload image', { exact: true }).waitFor();
    await page.waitForURL('**/home');

    const user = await userDocByPhone(phoneNumber);
    expect(user?.get('onboarded')).toBe(true);
    expect(user?.get('profilePictureUrl')).toBeNull();
  });
});

describe('the tour and the step-by-step sign-up', () => {
  it('walks from the welcome screen through the six steps to /home', async () => {
    const page = await newPage();
    const phoneNumber = newPhoneNumber();

    await page.goto('/onboarding/welcome');
    await page.getByRole('heading', { name: 'Welcome to Moments' }).waitFor();
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Get Started' }).click();

    // Screens 2 to 6, one idea each, with the progress shown.
    for (let screen = 2; screen <= 6; screen += 1) {
      await page.waitForURL(`**/onboarding-screen-${screen}`);
      await page.getByText(`Step ${screen} of 7`).waitFor();
      await expectAccessible(page);
      await page.getByRole('link', { name: 'Next' }).click();
    }
    await page.waitForURL('**/onboarding-screen-7');
    await page.getByRole('heading', { name: 'Ready when you are' }).waitFor();
    await expectAccessible(page);
    // Back goes one screen back.
    await page.getByRole('link', { name: 'Back' }).click();
    await page.waitForURL('**/onboarding-screen-6');
    await page.getByRole('link', { name: 'Next' }).click();
    await page.getByRole('link', { name: 'Create your account' }).click();

    await page.waitForURL('**/signup/phone');
    await page.getByText('Step 1 of 6').waitFor();
    await expectAccessible(page);
    await page.getByLabel('Phone number').fill(typedPhoneNumber(phoneNumber));
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Lovelace');
    await page.getByLabel('Recovery email (optional)').fill('ada@example.com');
    await page.getByLabel('I agree to the terms of service and privacy policy').check();
    await page.getByRole('button', { name: 'Send Code' }).click();

    await page.waitForURL('**/signup/verify');
    await page.getByText('Step 2 of 6').waitFor();
    await expectAccessible(page);
    await page.getByLabel('Verification code').fill(await latestCode(phoneNumber));
    await page.getByRole('button', { name: 'Verify' }).click();

    await page.waitForURL('**/signup/name');
    await page.getByText('Step 3 of 6').waitFor();
    // Signed in now: no Back into the phone and code steps.
    expect(await page.getByRole('link', { name: 'Back' }).count()).toBe(0);
    expect(await page.getByLabel('First name').inputValue()).toBe('Ada');
    await expectAccessible(page);
    await page.getByLabel('First name').fill('Augusta Ada');
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.waitForURL('**/signup/photo');
    await page.getByText('Step 4 of 6').waitFor();
    expect(await page.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe(
      '/signup/name',
    );
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Skip for now' }).click();

    await page.waitForURL('**/signup/add-to-home');
    await page.getByText('Step 5 of 6').waitFor();
    await page.getByRole('heading', { name: 'Add Moments to your Home Screen' }).waitFor();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.waitForURL('**/signup/success');
    await page.getByRole('heading', { name: "You're all set" }).waitFor();
    await expectAccessible(page);
    expect(await page.evaluate(() => sessionStorage.getItem('signupDraft'))).toBeNull();
    await page.getByRole('button', { name: 'Go to my moments' }).click();
    await page.waitForURL('**/home');
    await page.getByText('No private moments found').waitFor();

    const user = await userDocByPhone(phoneNumber);
    expect(user?.data()).toMatchObject({
      firstName: 'Augusta Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      onboarded: true,
    });
  });

  it('serves the aliases: /onboarding-screen-1, /onboarding/7 and /test-add-to-home', async () => {
    const page = await newPage();
    await page.goto('/onboarding-screen-1');
    await page.getByRole('heading', { name: 'Welcome to Moments' }).waitFor();
    await page.goto('/onboarding/7');
    await page.getByRole('heading', { name: 'Ready when you are' }).waitFor();
    await page.goto('/test-add-to-home');
    await page.getByRole('heading', { name: 'Add Moments to your Home Screen' }).waitFor();
    // Chromium without an install prompt: the steps to add it by hand, and a way on.
    await page.getByText('Add to Home screen').first().waitFor();
    await page.getByRole('button', { name: 'Skip for now' }).waitFor();
    // A later step needs an account: without one it starts again at the first step.
    await page.goto('/signup/photo');
    await page.waitForURL('**/signup/phone');
  });
});
