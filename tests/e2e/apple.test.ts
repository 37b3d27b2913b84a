import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible, useBrowser } from '../support/browser';
import { appleCode, createAppleUser, newAppleId } from '../support/apple';
import { adminDb } from '../support/emulators';

const { newPage } = useBrowser();

/** On the stand-in's page (Apple's, in production): sign in as `appleId`. */
async function continueAtApple(page: Page, appleId: string) {
  await page.waitForURL(/\/auth\/authorize\?/);
  await page.getByLabel('Apple ID').fill(appleId);
  await page.getByRole('button', { name: 'Continue' }).click();
}

async function cancelAtApple(page: Page) {
  await page.waitForURL(/\/auth\/authorize\?/);
  await page.getByRole('button', { name: 'Cancel' }).click();
}

describe('Sign in with Apple from the sign-in page (the app-level handler)', () => {
  it('a new person goes to Apple, comes back signed in and is asked for a name', async () => {
    const page = await newPage();
    await page.goto('/auth');
    const button = page.getByRole('button', { name: 'Sign in with Apple' });
    await button.waitFor({ timeout: 20_000 });
    await expectAccessible(page);
    await button.click();

    await continueAtApple(page, newAppleId());
    await page.waitForURL('**/signup/name');
    expect(await page.evaluate(() => localStorage.getItem('appleSignInState'))).toBeNull();
    await page.getByLabel('First name').fill('Alex');
    await page.getByLabel('Last name').fill('Apple');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL('**/signup/photo');
    await page.getByRole('button', { name: 'Skip for now' }).click();
    await page.waitForURL('**/signup/add-to-home');
    await page.goto('/home');
    await page.getByText('No private moments found').waitFor();
  });

  it('someone who has signed in with Apple before lands on /home', async () => {
    const appleId = newAppleId();
    await createAppleUser(appleId, 'Robin');
    const page = await newPage();
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Sign in with Apple' }).click();
    await continueAtApple(page, appleId);
    await page.waitForURL('**/home');
    await page.getByText('No private moments found').waitFor();
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'My Account' }).click();
    await page.getByText('You sign in with Apple.').waitFor();
    expect(await page.getByLabel('First name').inputValue()).toBe('Robin');
  });

  it('Cancel at Apple shows "Apple Sign-In Error: ..." on /auth', async () => {
    const page = await newPage();
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Sign in with Apple' }).click();
    await cancelAtApple(page);
    await page.waitForURL('**/auth?error=apple_auth_failed*');
    await page
      .getByRole('alert')
      .getByText('Apple Sign-In Error: Sign in with Apple was cancelled.')
      .waitFor();
    await expectAccessible(page);
  });

  it("a link with someone else's code signs nobody in (login CSRF); the page warns too", async () => {
    // The attacker's own, valid code and state, from their own trip to Apple.
    const attackerCode = await appleCode(newAppleId());
    const page = await newPage();
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    // Outside the Apple flow's landing pages the parameter is ignored.
    await page.goto(`/invite/not-a-token?apple_code=${attackerCode}`);
    await page.waitForLoadState('networkidle');
    expect(await page.getByText('Processing your sign-in...').count()).toBe(0);

    await page.evaluate(() => localStorage.setItem('appleSignInState', 'the-one-we-sent'));
    await page.goto(`/?apple_code=${attackerCode}&apple_state=test-state`);
    await page
      .getByText(
        'Apple Sign-In Error: This Apple sign-in was not started in this browser. Please try again.',
      )
      .waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth');
    expect(warnings).toContain('Apple sign-in state does not match the one sent.');
    const me = await page.evaluate(async () => (await fetch('/api/user')).status);
    expect(me).toBe(401);
  });

  it('the auth page shows only its own texts, whatever the URL says', async () => {
    const page = await newPage();
    const phishing = 'Apple Support (verify at evil.example)';
    await page.goto(`/auth?error=apple_auth_failed&message=${encodeURIComponent(phishing)}`);
    await page.getByText('Apple Sign-In Error: Authentication failed').waitFor();
    await page.goto(
      `/auth?message=journal-invite&journalId=j1&inviterName=${encodeURIComponent(phishing)}`,
    );
    await page.getByRole('heading', { name: 'Accept Journal Invite' }).waitFor();
    expect(await page.content()).not.toContain('evil.example');
    await expectAccessible(page);
  });
});

describe('Sign in with Apple from the welcome screen (the onboarding handler)', () => {
  it('goes to /subscribe without a subscription, to /onboarding-screen-2 with one', async () => {
    const appleId = newAppleId();
    const uid = await createAppleUser(appleId);
    const page = await newPage();
    await page.goto('/onboarding-screen-1');
    const button = page.getByRole('button', { name: 'Continue with Apple' });
    await button.waitFor({ timeout: 20_000 });
    await expectAccessible(page);
    await button.click();
    await continueAtApple(page, appleId);
    await page.waitForURL('**/subscribe');
    await page.getByRole('heading', { name: 'Moments Plus', level: 1 }).waitFor();

    // In force: a paid status and a period end still ahead.
    await adminDb.doc(`users/${uid}`).update({
      subscriptionStatus: 'active',
      subscriptionCurrentPeriodEnd: new Date(Date.now() + 86_400_000),
    });
    await page.goto('/onboarding-screen-1');
    await page.getByRole('button', { name: 'Continue with Apple' }).click();
    await continueAtApple(page, appleId);
    await page.waitForURL('**/onboarding-screen-2');
  });

  it('a failure shows the "Apple Sign-In Error" toast back on /onboarding-screen-1', async () => {
    const page = await newPage();
    await page.goto('/onboarding-screen-1');
    await page.getByRole('button', { name: 'Continue with Apple' }).click();
    await cancelAtApple(page);
    await page.waitForURL('**/onboarding-screen-1');
    await page.getByText('Apple Sign-In Error', { exact: true }).waitFor();
    await page.getByText('Sign in with Apple was cancelled.', { exact: true }).waitFor();
  });
});
