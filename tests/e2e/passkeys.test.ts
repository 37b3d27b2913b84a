// Passkeys in Chromium (issue 42), with the DevTools protocol's virtual authenticator standing
// in for a phone's (resident keys, user verification): a passkey added from the offer after a
// code sign-in signs in from the phone field's autofill and from the button; a second device
// without one falls back to the code; a removed passkey and a replayed answer are refused; a
// passkey of another site is never used. The pages are opened at localhost: WebAuthn refuses IP
// addresses, and the emulated function's RP ID is localhost (lib/passkey-site.ts).
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { PASSKEY_MESSAGES } from '@moments/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createAdmin } from '../support/admin';
import { signInThroughUi, useBrowser } from '../support/browser';
import { adminDb, createUser } from '../support/emulators';
import {
  credentialsOf,
  deviceWithAuthenticator,
  type PasskeyDevice,
} from '../support/passkey-device';

const { newContext } = useBrowser();

const passkeysOf = async (uid: string) =>
  (await adminDb.collection('passkeys').where('uid', '==', uid).get()).docs;

/** Signs in by code and takes the one offer; answers once the server keeps the passkey. */
async function addPasskeyFromOffer(device: PasskeyDevice, phoneNumber: string, uid: string) {
  await signInThroughUi(device.page, phoneNumber);
  await device.page.waitForURL('**/home');
  const offer = device.page.getByRole('complementary', { name: PASSKEY_MESSAGES.offer });
  await offer.waitFor({ timeout: 30_000 });
  await offer.getByRole('button', { name: 'Add a passkey' }).click();
  await device.page.getByText('Passkey added').first().waitFor();
  await expect.poll(async () => (await passkeysOf(uid)).length).toBe(1);
  expect(await credentialsOf(device)).toHaveLength(1);
}

async function logOut(page: Page) {
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL('**/auth');
}

describe('passkeys in the browser', () => {
  it('offered once after a code sign-in; then signs in from the autofill and from the button', async () => {
    const person = await createUser({ firstName: 'Pia', lastName: 'Passkey' });
    const device = await deviceWithAuthenticator(newContext);
    await addPasskeyFromOffer(device, person.phoneNumber, person.uid);

    // My Account lists it: the device, when it was added, not used yet.
    await device.page.goto('/profile');
    const list = device.page.getByRole('list', { name: 'Your passkeys' });
    await expect.poll(() => list.getByRole('listitem').count()).toBe(1);
    await expect.poll(() => list.textContent()).toMatch(/Added .+ · Not used yet/);

    // The offer is not made again on this device.
    await device.page.goto('/home');
    await device.page.waitForTimeout(4000);
    expect(await device.page.getByText(PASSKEY_MESSAGES.offer).count()).toBe(0);

    // Signed out, /auth's phone field offers the passkey (conditional UI): the virtual
    // authenticator picks it, as a person would from the autofill list.
    await logOut(device.page);
    await expect
      .poll(() => device.page.getAttribute('#phone-number', 'autocomplete'))
      .toBe('username webauthn');
    await device.page.waitForURL('**/home', { timeout: 30_000 });
    expect((await passkeysOf(person.uid))[0]?.get('lastUsedAt')).toBeTruthy();

    // The button, pressed before the autofill starts (it waits for the page to settle).
    await logOut(device.page);
    await device.page.goto('/auth');
    await device.page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await device.page.waitForURL('**/home', { timeout: 30_000 });
    expect((await device.page.request.get('/api/user')).status()).toBe(200);
  });

  it('a second device without a passkey falls back to the code', async () => {
    const person = await createUser();
    const first = await deviceWithAuthenticator(newContext);
    await addPasskeyFromOffer(first, person.phoneNumber, person.uid);

    const second = await deviceWithAuthenticator(newContext);
    await second.page.goto('/auth');
    await second.page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    // No passkey here: the browser's prompt ends without one, and nothing is reported.
    await second.page.waitForTimeout(2000);
    expect(second.page.url()).toMatch(/\/auth$/);
    expect(await second.page.getByRole('alert').count()).toBe(0);
    await signInThroughUi(second.page, person.phoneNumber);
    await second.page.waitForURL('**/home');
  });

  it('a removed passkey is refused, and a replayed answer is too', async () => {
    const person = await createUser();
    const device = await deviceWithAuthenticator(newContext);
    await addPasskeyFromOffer(device, person.phoneNumber, person.uid);

    // One passkey sign-in, its answer kept as a thief on the network would keep it.
    let answer: string | undefined;
    await device.page.route('**/api/auth/passkey/login', async (route) => {
      answer = route.request().postData() ?? undefined;
      await route.continue();
    });
    await logOut(device.page);
    await device.page.waitForURL('**/home', { timeout: 30_000 });
    expect(answer).toBeDefined();
    const replayed = await device.page.request.post('/api/auth/passkey/login', {
      data: answer,
      headers: { 'Content-Type': 'application/json' },
    });
    expect(replayed.status()).toBe(401);
    expect(await replayed.json()).toEqual({ message: PASSKEY_MESSAGES.challengeExpired });

    // Removed in My Account: the authenticator still holds it, the server refuses it.
    await device.page.goto('/profile');
    await device.page.getByRole('button', { name: /^Remove / }).click();
    await device.page.getByText('You have no passkeys yet.').waitFor();
    await logOut(device.page);
    await device.page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await device.page.getByRole('alert').filter({ hasText: PASSKEY_MESSAGES.refused }).waitFor();
    expect(device.page.url()).toMatch(/\/auth$/);
    expect((await device.page.request.get('/api/user')).status()).toBe(401);
  });

  it("a passkey of another site's RP ID is never used here", async () => {
    const person = await createUser();
    const device = await deviceWithAuthenticator(newContext);
    // A passkey for evil.example, held by this device's authenticator.
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    await device.cdp.send('WebAuthn.addCredential', {
      authenticatorId: device.authenticatorId,
      credential: {
        credentialId: randomBytes(16).toString('base64'),
        isResidentCredential: true,
        rpId: 'evil.example',
        privateKey: privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64'),
        userHandle: Buffer.from(person.uid).toString('base64'),
        signCount: 0,
      },
    });
    await device.page.goto('/auth');
    await device.page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await device.page.waitForTimeout(2000);
    expect(device.page.url()).toMatch(/\/auth$/);
    const [credential] = await credentialsOf(device);
    expect(credential?.signCount).toBe(0);
    expect((await device.page.request.get('/api/user')).status()).toBe(401);
  });

  it('an admin with a passkey confirms the admin login with it, on the same page', async () => {
    const admin = await createAdmin({ firstName: 'Ada', lastName: 'Admin' });
    const device = await deviceWithAuthenticator(newContext);
    // An admin's code sign-in leads to the admin login: the passkey is added in My Account.
    await signInThroughUi(device.page, admin.phoneNumber);
    await device.page.waitForURL('**/admin/login');
    await device.page.goto('/profile');
    await device.page.getByRole('button', { name: 'Add a passkey' }).click();
    await device.page.getByText('Passkey added').first().waitFor();
    await expect.poll(async () => (await passkeysOf(admin.uid)).length).toBe(1);
    await logOut(device.page);
    await device.page.goto('/admin/login');
    await device.page.getByLabel('Username').fill(admin.username);
    await device.page.getByLabel('Password').fill(admin.password);
    await device.page.getByRole('button', { name: 'Sign In' }).click();
    // The password alone gives no session; the passkey the server then asks for does.
    await device.page.waitForURL('**/admin', { timeout: 30_000 });
    await device.page.getByRole('heading', { name: 'Admin dashboard' }).waitFor();
    expect((await passkeysOf(admin.uid))[0]?.get('lastUsedAt')).toBeTruthy();
    const audit = await adminDb.collection('auditLog').where('actorId', '==', admin.uid).get();
    expect(audit.docs.map((doc) => doc.get('action'))).toContain('admin.login');
  });
});
