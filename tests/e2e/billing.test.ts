import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BILLING_MESSAGES,
  FREE_PHOTO_ALLOWANCE,
  formatBillingDate,
  type BillingPlans,
} from '@moments/shared';
import type { Timestamp } from 'firebase-admin/firestore';
import { createAppleUser, newAppleId } from '../support/apple';
import { expectAccessible, signInThroughUi, useBrowser } from '../support/browser';
import { adminDb, createUser } from '../support/emulators';
import { makeJpeg } from '../support/photos';
import { TEST_CARDS, endPeriodAtStandIn, payWithCard } from '../support/stripe';

const { newPage } = useBrowser();

let photoDir: string;
beforeAll(async () => {
  photoDir = await mkdtemp(join(tmpdir(), 'moments-billing-'));
});
afterAll(async () => {
  if (photoDir) await rm(photoDir, { recursive: true, force: true });
});

async function periodEndOf(uid: string): Promise<string> {
  const doc = await adminDb.doc(`users/${uid}`).get();
  return formatBillingDate((doc.get('subscriptionCurrentPeriodEnd') as Timestamp).toDate());
}

async function signInWithPhone(page: Page) {
  const person = await createUser({ firstName: 'Pat', lastName: 'Plus' });
  await signInThroughUi(page, person.phoneNumber);
  await page.waitForURL('**/home');
  return person;
}

async function plan(page: Page) {
  const section = page.getByRole('region', { name: 'Your plan' });
  await section.getByText(/^Plan:/).waitFor();
  return section;
}

describe('Moments Plus', () => {
  it('Apple onboarding → /subscribe → Checkout → /onboarding-screen-2; My Account shows Plus', async () => {
    const appleId = newAppleId();
    const uid = await createAppleUser(appleId, 'Robin');
    const page = await newPage();
    await page.goto('/onboarding-screen-1');
    await page.getByRole('button', { name: 'Continue with Apple' }).click();
    await page.waitForURL(/\/auth\/authorize\?/);
    await page.getByLabel('Apple ID').fill(appleId);
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.waitForURL('**/subscribe');
    await page.getByRole('heading', { name: 'Moments Plus', level: 1 }).waitFor();
    const monthly = page.getByRole('radio', { name: /Monthly: \$4\.99 per month \(USD\)/ });
    await monthly.waitFor();
    await expect
      .poll(() =>
        page
          .getByRole('radio', { name: /Yearly: \$49\.99 per year \(USD\), save 17%/ })
          .isChecked(),
      )
      .toBe(true);
    await page.getByText('Free for 14 days, then $49.99 per year.', { exact: false }).waitFor();
    await page.getByRole('list', { name: 'What Moments Plus gives you' }).waitFor();
    await expectAccessible(page);

    await monthly.check();
    await page.getByText('Free for 14 days, then $4.99 per month.', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await payWithCard(page, TEST_CARDS.pays);
    await page.waitForURL('**/onboarding-screen-2', { timeout: 30_000 });
    await page.getByText('Welcome to Moments Plus').first().waitFor();

    await page.goto('/profile');
    const section = await plan(page);
    await section.getByText('Plan: Moments Plus (monthly)').waitFor();
    await section.getByText('Status: Free trial').waitFor();
    await section.getByText(`Renews on ${await periodEndOf(uid)}`).waitFor();
    await section.getByText('0 photos stored: no limit with Moments Plus.').waitFor();
    await expectAccessible(page);
  }, 150_000); // three sign-in and payment round trips, each through the function

  it('a declined card stays at Checkout; going back leaves the free plan', async () => {
    const page = await newPage();
    await signInWithPhone(page);
    await page.goto('/profile');
    const section = await plan(page);
    await section.getByText('Plan: Free').waitFor();
    await section
      .getByText(`0 of ${FREE_PHOTO_ALLOWANCE.toLocaleString('en-US')} free photos used`)
      .waitFor();
    await section.getByRole('link', { name: 'Get Moments Plus' }).click();
    await page.waitForURL('**/subscribe?flow=account');
    await page.getByRole('button', { name: 'Subscribe' }).click();

    await payWithCard(page, TEST_CARDS.declined);
    await page.getByRole('alert').getByText('Your card was declined. Try another card.').waitFor();
    await page.getByRole('link', { name: 'Back to Moments' }).click();
    await page.waitForURL('**/subscribe?checkout=cancelled&flow=account');
    await page.getByText('Checkout was cancelled. You have not been charged.').waitFor();
    await page.getByRole('link', { name: 'Not now' }).click();
    await page.waitForURL('**/profile');
    await (await plan(page)).getByText('Plan: Free').waitFor();
  });

  it('cancelling in the billing portal keeps Plus until the period ends, then ends it', async () => {
    const page = await newPage();
    const person = await signInWithPhone(page);
    await page.goto('/subscribe?flow=account');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await payWithCard(page, TEST_CARDS.pays);
    await page.waitForURL('**/profile', { timeout: 30_000 });
    const periodEnd = await periodEndOf(person.uid);
    await (await plan(page)).getByText(`Renews on ${periodEnd}`).waitFor();

    await page.getByRole('button', { name: 'Manage billing' }).click();
    await page.waitForURL(/\/p\/session\/bps_/);
    await page.getByRole('button', { name: 'Cancel plan' }).click();
    await page
      .getByRole('status')
      .getByText('Your plan has been cancelled.', { exact: false })
      .waitFor();
    await page.getByRole('link', { name: 'Return to Moments' }).click();
    await page.waitForURL('**/profile');
    let section = await plan(page);
    await section.getByText('Plan: Moments Plus (yearly)').waitFor();
    await section.getByText(`Ends on ${periodEnd}`).waitFor();

    const subscriptionId = (await adminDb.doc(`users/${person.uid}`).get()).get(
      'stripeSubscriptionId',
    ) as string;
    await endPeriodAtStandIn(subscriptionId);
    await page.reload();
    section = await plan(page);
    await section.getByText('Plan: Free').waitFor();
    await section.getByText('Status: Cancelled').waitFor();
    await section.getByText(`Ended on ${periodEnd}`).waitFor();
    await section.getByRole('link', { name: 'Get Moments Plus' }).waitFor();
  });

  it('a full allowance: the upload is refused with the way to upgrade; My Account says so', async () => {
    const page = await newPage();
    const person = await signInWithPhone(page);
    await adminDb.doc(`users/${person.uid}`).update({ photosStored: FREE_PHOTO_ALLOWANCE });
    const file = join(photoDir, 'over.jpg');
    await writeFile(file, await makeJpeg({ width: 800, height: 600, colour: '#82e0aa' }));

    await page.getByRole('link', { name: 'New Moment', exact: true }).click();
    await page.getByLabel('Title').fill('One too many');
    await page.getByLabel('Add photos').setInputFiles([file]);
    await page.getByRole('button', { name: 'Save' }).click();
    const notice = page
      .getByRole('alert')
      .filter({ hasText: BILLING_MESSAGES.photoAllowanceReached });
    await notice.waitFor({ timeout: 30_000 });
    await page.getByText('Free photo allowance full').waitFor();
    await expectAccessible(page);
    await notice.getByRole('link', { name: 'Get Moments Plus' }).click();
    await page.waitForURL('**/subscribe?flow=account');

    await page.goto('/profile');
    const section = await plan(page);
    const used = `${FREE_PHOTO_ALLOWANCE.toLocaleString('en-US')} of ${FREE_PHOTO_ALLOWANCE.toLocaleString('en-US')} free photos used`;
    await section.getByText(used).waitFor();
    await section.getByText(BILLING_MESSAGES.photoAllowanceReached).waitFor();
  });

  it('without Stripe keys, Subscribe explains that payments are not set up', async () => {
    // The app's service worker would fetch /api itself, out of the route's reach.
    const page = await newPage({ serviceWorkers: 'block' });
    await signInWithPhone(page);
    await page.route('**/api/billing/plans', (route) =>
      route.fulfill({
        json: { configured: false, photoAllowance: FREE_PHOTO_ALLOWANCE } satisfies BillingPlans,
      }),
    );
    await page.goto('/subscribe');
    const subscribe = page.getByRole('button', { name: 'Subscribe' });
    await page.getByText(BILLING_MESSAGES.notConfigured).waitFor();
    expect(await subscribe.isDisabled()).toBe(true);
    expect(await subscribe.getAttribute('aria-describedby')).toBeTruthy();
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Continue with the free plan' }).click();
    await page.waitForURL('**/onboarding-screen-2');
  });
});
