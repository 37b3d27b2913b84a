// A page's code that fails to download (offline, or gone after a deploy) shows the error screen,
// not an endless loading screen; the next visit downloads it again.
import { describe, expect, it } from 'vitest';
import { signInThroughUi, useBrowser } from '../support/browser';
import { createUser } from '../support/emulators';

const { newPage } = useBrowser();

/** The My Account page's own chunk (not profile-fields-…, which the sign-in screen uses). */
const PROFILE_CHUNK = /\/assets\/profile-[\w-]{8}\.js$/;

describe("a page's code", () => {
  it('that fails to download shows the error screen; the next visit downloads it again', async () => {
    const person = await createUser({ firstName: 'Nia', lastName: 'Offline' });
    // Requests reach the network (and page.route), not the service worker's precache.
    const page = await newPage({ serviceWorkers: 'block' });
    await signInThroughUi(page, person.phoneNumber);
    await page.waitForURL('**/home');

    let refused = 0;
    await page.route(PROFILE_CHUNK, async (route) => {
      refused += 1;
      await route.abort('internetdisconnected');
    });
    const openMyAccount = async () => {
      await page.getByRole('button', { name: 'Account menu' }).click();
      await page.getByRole('menuitem', { name: 'My Account' }).click();
      await page.waitForURL('**/profile');
    };
    await openMyAccount();
    await page.getByRole('heading', { name: 'Something went wrong' }).waitFor();
    // Asked for, then not again: a failed download is not retried in a loop. (One attempt may
    // be two requests: the module preload Vite adds for the chunk, and the import itself when
    // the preload has already failed.)
    const attempt = refused;
    expect(attempt).toBeGreaterThanOrEqual(1);
    await page.waitForTimeout(1000);
    expect(refused).toBe(attempt);

    await page.unroute(PROFILE_CHUNK);
    await page.goBack();
    await page.waitForURL('**/home');
    await openMyAccount();
    await page.getByRole('heading', { name: 'My Account' }).waitFor();
  });
});
