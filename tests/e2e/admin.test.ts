import { randomUUID } from 'node:crypto';
import { ADMIN_USERNAME_MAX_FAILED_LOGINS } from '@moments/shared';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  expectAccessible,
  signInThroughUi,
  typedPhoneNumber,
  useBrowser,
} from '../support/browser';
import { createAdmin as createLoginAdmin, signedInAdmin } from '../support/admin';
import { createAppleUser, newAppleId } from '../support/apple';
import { ApiClient } from '../support/api';
import { adminAuth, adminDb, createAdminCredentials, createUser } from '../support/emulators';

const { newPage } = useBrowser();

/** An admin account with /admin/login credentials (usernames are stored in lower case). */
async function createAdmin() {
  const admin = await createUser({ firstName: 'Sam', lastName: 'Admin', isAdmin: true });
  const username = `admin-${randomUUID().slice(0, 8)}`;
  const password = 'correct horse battery';
  await createAdminCredentials(admin.uid, username, password);
  return { ...admin, username, password };
}

async function logIn(page: Page, username: string, password: string) {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

describe('admin login', () => {
  it('checks the fields, refuses a wrong password, then opens /admin with the name', async () => {
    const admin = await createAdmin();
    const page = await newPage();
    await page.goto('/admin/login');
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Username is required').waitFor();
    await page.getByText('Password is required').waitFor();

    await logIn(page, admin.username, 'wrong password');
    await page.getByText('Invalid username or password.').waitFor();

    await logIn(page, admin.username, admin.password);
    await page.waitForURL('**/admin');
    await page.getByRole('heading', { name: 'Admin dashboard' }).waitFor();
    await page.getByText('Sam Admin').waitFor();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL('**/auth');
    await page.goto('/admin');
    await page.waitForURL('**/auth');
  });

  it("shows the server's message for a locked account", async () => {
    const admin = await createAdmin();
    // Wrong passwords from several other clients (5 each) lock the username for every client.
    for (let failures = 0; failures < ADMIN_USERNAME_MAX_FAILED_LOGINS; failures += 5) {
      const other = new ApiClient();
      for (let i = 0; i < 5; i++) {
        await other.post('/api/auth/admin/login', { username: admin.username, password: 'wrong' });
      }
    }
    const page = await newPage();
    await page.goto('/admin/login');
    await logIn(page, admin.username, admin.password);
    await page.getByText('Too many failed attempts. Please try again in 15 minutes.').waitFor();
    expect(page.url()).toMatch(/\/admin\/login$/);
  });

  it('sends a signed-in person who is not an admin from /admin to /home', async () => {
    const person = await createUser();
    const page = await newPage();
    await signInThroughUi(page, person.phoneNumber);
    await page.waitForURL('**/home');
    await page.goto('/admin');
    await page.waitForURL('**/home');
    await page.getByText('No private moments found').waitFor();
  });
});

describe('admin dashboard', () => {
  it('finds a person by phone, disables and re-enables them, and shows it in the audit log', async () => {
    const admin = await createLoginAdmin({ firstName: 'Ada', lastName: 'Operator' });
    const person = await createUser({ firstName: 'Pat', lastName: 'Person' });
    const page = await newPage();
    await page.goto('/admin/login');
    await logIn(page, admin.username, admin.password);
    await page.waitForURL('**/admin');
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    await page.getByRole('region', { name: 'People' }).waitFor();
    await page.getByText('Sign-ups per day').waitFor();
    await expectAccessible(page);

    await page.getByRole('tab', { name: 'People' }).click();
    await page.getByRole('heading', { name: 'Newest accounts' }).waitFor();
    await expectAccessible(page);
    // As an operator types it from a support email: national format with punctuation.
    const national = person.phoneNumber.replace(/^\+1(\d{3})(\d{3})(\d{4})$/, '($1) $2-$3');
    await page.getByLabel('Find a person').fill(national);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('link', { name: 'Pat Person' }).click();
    await page.getByRole('heading', { name: 'Pat Person' }).waitFor();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Disable account' }).click();
    await page.getByRole('dialog', { name: 'Disable this account?' }).waitFor();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Disable', exact: true }).click();
    await page.getByText('Disabled', { exact: true }).waitFor();
    expect((await adminAuth.getUser(person.uid)).disabled).toBe(true);

    await page.getByRole('button', { name: 'Enable account' }).click();
    await page.getByRole('button', { name: 'Disable account' }).waitFor();
    expect((await adminAuth.getUser(person.uid)).disabled).toBe(false);

    await page.getByRole('link', { name: 'Audit log for this person' }).click();
    await page.getByRole('heading', { name: 'Audit log' }).waitFor();
    const rows = page.getByRole('listitem');
    await rows.filter({ hasText: 'Enabled account' }).waitFor();
    await rows.filter({ hasText: 'Disabled account' }).waitFor();
    expect(await rows.count()).toBe(2);
    expect(await rows.first().textContent()).toContain('by Ada Operator on Pat Person');
    await expectAccessible(page);
  });

  it('asks for the typed confirmation and the admin login credentials in accessible dialogs, on a laptop too', async () => {
    const admin = await createLoginAdmin({ firstName: 'Lee', lastName: 'Laptop' });
    const person = await createUser({ firstName: 'Dana', lastName: 'Dialog' });
    const page = await newPage();
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/admin/login');
    await logIn(page, admin.username, admin.password);
    await page.waitForURL('**/admin');
    await page.getByText('Entries posted per day').waitFor();
    await expectAccessible(page);

    await page.goto(`/admin/people/${person.uid}`);
    await page.getByRole('heading', { name: 'Dana Dialog' }).waitFor();
    await page.getByRole('button', { name: 'Make admin' }).click();
    const makeAdmin = page.getByRole('dialog', { name: 'Make Dana Dialog an admin' });
    await makeAdmin.waitFor();
    await makeAdmin.getByRole('button', { name: 'Make admin' }).click();
    await makeAdmin.getByText('Usernames are 3 to 40 characters').waitFor();
    await expectAccessible(page);
    await makeAdmin.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('button', { name: 'Delete account' }).click();
    const remove = page.getByRole('dialog', { name: "Delete Dana Dialog's account" });
    await remove.getByLabel('Type DELETE to confirm').fill('delete');
    await remove.getByRole('button', { name: 'Delete account' }).click();
    await remove.getByText('Type DELETE to confirm.').waitFor();
    await expectAccessible(page);
    await remove.getByLabel('Type DELETE to confirm').fill('DELETE');
    await remove.getByRole('button', { name: 'Delete account' }).click();
    await page.waitForURL('**/admin/people');
    expect((await adminDb.doc(`users/${person.uid}`).get()).exists).toBe(false);

    // Their own page offers no way to remove, disable or delete themselves.
    await page.goto(`/admin/people/${admin.uid}`);
    await page.getByText('This is your own account').waitFor();
    expect(await page.getByRole('button', { name: 'Delete account' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Remove admin' }).isDisabled()).toBe(true);
  });

  it('sends an admin who signed in by SMS to the admin login', async () => {
    const admin = await createLoginAdmin();
    const page = await newPage();
    // The app sends an admin to /admin after signing in; an SMS session is not an admin one.
    await signInThroughUi(page, admin.phoneNumber);
    await page.waitForURL('**/admin/login');
    await page.getByText('Please sign in with your admin username and password.').waitFor();
    await expectAccessible(page);
    await logIn(page, admin.username, admin.password);
    await page.waitForURL('**/admin');
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
  });

  it('sends an admin who signed in with Apple to the admin login', async () => {
    const appleId = newAppleId();
    const uid = await createAppleUser(appleId, 'Sam');
    await adminDb.doc(`users/${uid}`).update({ isAdmin: true });
    const page = await newPage();
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Sign in with Apple' }).click();
    await page.waitForURL(/\/auth\/authorize\?/);
    await page.getByLabel('Apple ID').fill(appleId);
    await page.getByRole('button', { name: 'Continue' }).click();
    // Back in the app, signed in (wherever the app sends an admin), then /admin is opened.
    await page.waitForURL((url) => ['/home', '/admin', '/admin/login'].includes(url.pathname));
    await page.goto('/admin');
    await page.waitForURL('**/admin/login');
    await page.getByText('Please sign in with your admin username and password.').waitFor();
    expect(await page.getByRole('heading', { name: 'Overview' }).count()).toBe(0);
  });

  it('tells a disabled person at sign-in that their account is disabled', async () => {
    const { client } = await signedInAdmin();
    const person = await createUser();
    expect((await client.post(`/api/admin/people/${person.uid}/disable`)).status).toBe(200);
    const page = await newPage();
    await page.goto('/auth');
    await page.getByLabel('Phone number').fill(typedPhoneNumber(person.phoneNumber));
    await page.getByRole('button', { name: 'Send Code' }).click();
    await page
      .getByText('This account has been disabled. Please contact support.')
      .first()
      .waitFor();
    await expectAccessible(page);
  });
});
