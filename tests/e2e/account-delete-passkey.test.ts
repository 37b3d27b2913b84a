// "Delete my account" for an account with no phone number (Sign in with Apple), in Chromium with
// the DevTools protocol's virtual authenticator: the dialog offers no code, adds a passkey on
// the spot, then deletes with the passkey step; the dialog passes axe at each step, and nothing
// in Firestore or Auth names the person afterwards. The page is opened at localhost: WebAuthn
// refuses IP addresses, and the emulated function's RP ID is localhost (lib/passkey-site.ts).
import { describe, expect, it } from 'vitest';
import { documentsNaming } from '../support/account-deletion';
import { appleCode, createAppleUser, newAppleId } from '../support/apple';
import { expectAccessible, useBrowser } from '../support/browser';
import { adminAuth, adminDb } from '../support/emulators';
import { credentialsOf, deviceWithAuthenticator } from '../support/passkey-device';

const { newContext } = useBrowser();

describe('Delete my account without a phone number', () => {
  it('adds a passkey in the dialog, then deletes the account with it', async () => {
    const appleId = newAppleId();
    const uid = await createAppleUser(appleId, 'Ari');
    const device = await deviceWithAuthenticator(newContext);
    const { page } = device;

    // Signed in with Apple in this browser (its cookie), as the Apple button's round trip
    // ends; the stand-in's page is at the app's other host, which this cookie would not reach.
    const started = await page.request.post('/api/auth/apple/state');
    const { state } = (await started.json()) as { state: string };
    const signIn = await page.request.post('/api/auth/apple', {
      data: { code: await appleCode(appleId), state },
    });
    expect(signIn.status()).toBe(200);
    const moment = await page.request.post('/api/journals', { data: { title: 'Orchard' } });
    expect(moment.status()).toBe(201);
    const journalId = ((await moment.json()) as { id: string }).id;

    await page.goto('/profile');
    await page.getByText('You sign in with Apple.').waitFor();
    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog
      .getByText('You have none yet: add one on this device first.', { exact: false })
      .waitFor();
    expect(await dialog.getByRole('button', { name: 'Send code' }).count()).toBe(0);
    await expectAccessible(page);

    await dialog.getByRole('button', { name: 'Add a passkey' }).click();
    await dialog.getByText('your device asks for your passkey', { exact: false }).waitFor();
    await expect
      .poll(async () => (await adminDb.collection('passkeys').where('uid', '==', uid).get()).size)
      .toBe(1);
    await expectAccessible(page);

    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await page.waitForURL('**/auth');
    await page.getByText('Your account has been deleted', { exact: true }).waitFor();

    // The authenticator signed once more (the step); the server kept nothing of the person.
    const credentials = await credentialsOf(device);
    expect(credentials).toHaveLength(1);
    expect(credentials[0]!.signCount).toBeGreaterThan(0);
    expect(await documentsNaming(uid, null)).toEqual([]);
    expect((await adminDb.doc(`journals/${journalId}`).get()).exists).toBe(false);
    await expect(adminAuth.getUser(uid)).rejects.toMatchObject({ code: 'auth/user-not-found' });
    expect((await page.request.get('/api/user')).status()).toBe(401);
  });
});
