import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, signInThroughUi, useBrowser } from '../support/browser';
import { ApiClient } from '../support/api';
import { createAdminCredentials, createUser } from '../support/emulators';

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
    // Five wrong passwords (from another client) lock the username.
    const other = new ApiClient();
    for (let i = 0; i < 5; i++) {
      await other.post('/api/auth/admin/login', { username: admin.username, password: 'wrong' });
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
