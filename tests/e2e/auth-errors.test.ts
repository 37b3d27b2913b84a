import type { Page } from 'playwright-core';
import { Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { typedPhoneNumber, useBrowser } from '../support/browser';
import { adminDb, createUser, latestCode, newPhoneNumber } from '../support/emulators';

const { newPage } = useBrowser();

/** Asks for a sign-in code on /auth and waits for the code form. */
async function requestSignInCode(page: Page, phoneNumber: string) {
  await page.goto('/auth');
  await page.getByLabel('Phone number').fill(typedPhoneNumber(phoneNumber));
  await page.getByRole('button', { name: 'Send Code' }).click();
  await page.getByLabel('Verification code').waitFor();
}

async function enterCode(page: Page, code: string) {
  await page.getByLabel('Verification code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
}

describe('sign-in and sign-up errors', () => {
  it('a wrong code: "Invalid verification code. Please try again."', async () => {
    const person = await createUser();
    const page = await newPage();
    await requestSignInCode(page, person.phoneNumber);
    const right = await latestCode(person.phoneNumber);
    await enterCode(page, right === '000000' ? '111111' : '000000');
    await page
      .getByRole('alert')
      .getByText('Invalid verification code. Please try again.')
      .waitFor();
    await page.getByText('Verification failed', { exact: true }).waitFor();
  });

  it('an expired code: "Verification code expired. Please request a new code."', async () => {
    const person = await createUser();
    const page = await newPage();
    await requestSignInCode(page, person.phoneNumber);
    await adminDb
      .doc(`phoneVerifications/${person.phoneNumber}`)
      .update({ expiresAt: Timestamp.fromMillis(Date.now() - 1000) });
    await enterCode(page, await latestCode(person.phoneNumber));
    await page
      .getByRole('alert')
      .getByText('Verification code expired. Please request a new code.')
      .waitFor();
    // "Use Different Number" goes back to the phone form for a new code.
    await page.getByRole('button', { name: 'Use Different Number' }).click();
    await page.getByRole('button', { name: 'Send Code' }).waitFor();
  });

  it('an unknown number: the no-account message and the "Continue to Sign Up" toast', async () => {
    const page = await newPage();
    await page.goto('/auth');
    await page.getByLabel('Phone number').fill(typedPhoneNumber(newPhoneNumber()));
    await page.getByRole('button', { name: 'Send Code' }).click();
    await page
      .getByRole('alert')
      .getByText("Looks like there's no account for this number. Sign up instead?")
      .waitFor();
    await page.getByText('No account found', { exact: true }).waitFor();
    await page
      .getByText("We didn't find an account with that number. Want to create one?", {
        exact: true,
      })
      .waitFor();
    await page.getByRole('button', { name: 'Continue to Sign Up' }).click();
    await page.waitForURL('**/onboarding-screen-1');
    await page.getByRole('heading', { name: 'Welcome to Moments' }).waitFor();
  });

  it('signing up a registered number: "This phone number is already registered."', async () => {
    const person = await createUser();
    const page = await newPage();
    await page.goto('/auth?signup=true');
    await page.getByLabel('Phone number').fill(typedPhoneNumber(person.phoneNumber));
    await page.getByLabel('First name').fill('Again');
    await page.getByLabel('Last name').fill('Person');
    await page.getByLabel('I agree to the terms of service and privacy policy').check();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page
      .getByRole('alert')
      .getByText('This phone number is already registered. Try signing in instead.')
      .waitFor();
  });

  it('too many code requests: "Too many attempts. Please wait and try again later."', async () => {
    const person = await createUser();
    const page = await newPage();
    await page.goto('/auth');
    // This browser uses up the number's five requests of the hour (the limit counts per number
    // and client address).
    await page.evaluate(async (phoneNumber) => {
      for (let i = 0; i < 5; i++) {
        await fetch('/api/auth/request-code', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ phoneNumber, isSignUp: false }),
        });
      }
    }, person.phoneNumber);
    await page.getByLabel('Phone number').fill(typedPhoneNumber(person.phoneNumber));
    await page.getByRole('button', { name: 'Send Code' }).click();
    await page
      .getByRole('alert')
      .getByText('Too many attempts. Please wait and try again later.')
      .waitFor();
    expect(await page.getByLabel('Verification code').count()).toBe(0);
    // One message per failure: no "Failed to send code" toast on top of it.
    await page.waitForTimeout(500);
    expect(await page.getByText('Failed to send code', { exact: true }).count()).toBe(0);
  });

  it('a failure of no other row: the message and the "Failed to send code" toast', async () => {
    const person = await createUser();
    const page = await newPage();
    await page.route('**/api/auth/request-code', (route) =>
      route.fulfill({ status: 400, contentType: 'application/json', body: '{"message":"Bad"}' }),
    );
    await page.goto('/auth');
    await page.getByLabel('Phone number').fill(typedPhoneNumber(person.phoneNumber));
    await page.getByRole('button', { name: 'Send Code' }).click();
    await page
      .getByRole('alert')
      .getByText('Failed to send verification code. Please try again.')
      .waitFor();
    await page.getByText('Failed to send code', { exact: true }).waitFor();
  });

  it('sign-up refused by the server (5xx): the message alone, no "Failed to create account" toast', async () => {
    const page = await newPage();
    await page.route('**/api/auth/signup', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"Down"}' }),
    );
    await page.goto('/auth?signup=true');
    await page.getByLabel('Phone number').fill(typedPhoneNumber(newPhoneNumber()));
    await page.getByLabel('First name').fill('Noah');
    await page.getByLabel('Last name').fill('Toast');
    await page.getByLabel('I agree to the terms of service and privacy policy').check();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page
      .getByRole('alert')
      .getByText('Server error. Our team has been notified. Please try again in a few minutes.')
      .waitFor();
    await page.waitForTimeout(500);
    expect(await page.getByText('Failed to create account', { exact: true }).count()).toBe(0);
  });

  it('an error in the URL shows "Apple Sign-In Error: {message or Authentication failed}"', async () => {
    const page = await newPage();
    await page.goto(
      '/auth?error=apple_auth_failed&message=Sign%20in%20with%20Apple%20was%20cancelled.',
    );
    await page
      .getByText('Apple Sign-In Error: Sign in with Apple was cancelled.', { exact: true })
      .waitFor();
    // Only the sign-in's own texts: anything else in the URL gives the fallback.
    await page.goto('/auth?error=apple_auth_failed&message=Apple%20said%20no');
    await page.getByText('Apple Sign-In Error: Authentication failed', { exact: true }).waitFor();
    await page.goto('/auth?error=apple_auth_failed');
    await page.getByText('Apple Sign-In Error: Authentication failed', { exact: true }).waitFor();
  });
});
