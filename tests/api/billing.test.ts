import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  BILLING_MESSAGES,
  FREE_PHOTO_ALLOWANCE,
  SUBSCRIPTION_STATUSES,
  type BillingPlans,
  type BillingSummary,
  type CurrentUser,
} from '@moments/shared';
import { Timestamp } from 'firebase-admin/firestore';
import { ApiClient } from '../support/api';
import { adminDb, appUrl } from '../support/emulators';
import { newMoment, signedIn } from '../support/moments';
import { makeJpeg, uploadPhoto } from '../support/photos';
import {
  DAY_S,
  LOCAL_PRICES,
  TEST_CARDS,
  nowS,
  payAtCheckout,
  postWebhook,
  sendEvent,
  signature,
  standInUrl,
  stripeEvent,
  subscriptionObject,
} from '../support/stripe';

const userDoc = (uid: string) => adminDb.doc(`users/${uid}`);

async function summary(client: ApiClient): Promise<BillingSummary> {
  const res = await client.get<BillingSummary>('/api/billing');
  expect(res.status).toBe(200);
  return res.body;
}

async function checkout(client: ApiClient, body: unknown = { period: 'monthly' }) {
  return client.post<{ url: string; message?: string }>('/api/billing/checkout', body, {
    Origin: await appUrl(),
  });
}

describe('GET /api/billing/plans', () => {
  it('answers both prices from Stripe (here the stand-in), the trial and the allowance', async () => {
    const res = await new ApiClient().get<BillingPlans>('/api/billing/plans');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      configured: true,
      photoAllowance: FREE_PHOTO_ALLOWANCE,
      trialDays: 14,
      prices: [
        { period: 'monthly', amount: LOCAL_PRICES.monthly.unit_amount, currency: 'usd' },
        { period: 'yearly', amount: LOCAL_PRICES.yearly.unit_amount, currency: 'usd' },
      ],
    });
  });
});

describe('POST /api/billing/checkout', () => {
  it('refuses a signed-out caller, another site, and a plan that does not exist', async () => {
    expect((await checkout(new ApiClient())).status).toBe(401);
    const { client } = await signedIn();
    const crossSite = await client.post(
      '/api/billing/checkout',
      { period: 'monthly' },
      {
        Origin: 'https://evil.example',
      },
    );
    expect(crossSite.status).toBe(403);
    const bad = await checkout(client, { period: 'weekly' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(BILLING_MESSAGES.periodInvalid);
  });

  it('creates the Stripe customer once and points at a Checkout page that comes back', async () => {
    const { user, client } = await signedIn();
    const [first, second] = await Promise.all([checkout(client), checkout(client)]);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(first.body.url.startsWith(`${standInUrl()}/c/pay/`)).toBe(true);
    const customer = (await userDoc(user.uid).get()).get('stripeCustomerId') as string;
    expect(customer).toMatch(/^cus_/);
    await checkout(client, { period: 'yearly' });
    expect((await userDoc(user.uid).get()).get('stripeCustomerId')).toBe(customer);

    const page = await fetch(first.body.url);
    const html = await page.text();
    expect(html).toContain('14 days free, then $4.99 per month');
    expect(html).toContain(
      `href="${await appUrl()}/subscribe?checkout=cancelled&amp;flow=account"`,
    );
  });

  it('a paid Checkout gives Moments Plus: subscription fields, /api/user and /api/billing', async () => {
    const { user, client } = await signedIn();
    const start = await checkout(client, { period: 'yearly', flow: 'onboarding' });
    const paid = await payAtCheckout(start.body.url, TEST_CARDS.pays);
    expect(paid.status).toBe(303);
    const back = new URL(paid.location ?? '');
    expect(back.origin).toBe(await appUrl());
    expect(back.pathname).toBe('/subscribe');
    expect(back.searchParams.get('checkout')).toBe('success');
    expect(back.searchParams.get('flow')).toBe('onboarding');
    expect(back.searchParams.get('session_id')).toMatch(/^cs_test_/);

    // The stand-in delivered its webhooks before sending the browser back.
    const doc = await userDoc(user.uid).get();
    expect(doc.get('subscriptionStatus')).toBe('trialing');
    expect(doc.get('stripeSubscriptionId')).toMatch(/^sub_/);
    const periodEnd = (doc.get('subscriptionCurrentPeriodEnd') as Timestamp).toMillis() / 1000;
    expect(Math.abs(periodEnd - (nowS() + 14 * DAY_S))).toBeLessThan(120);
    expect(await summary(client)).toMatchObject({
      hasSubscription: true,
      status: 'trialing',
      period: 'yearly',
      cancelAtPeriodEnd: false,
      canManage: true,
    });
    expect((await client.get<CurrentUser>('/api/user')).body.hasSubscription).toBe(true);

    // A second purchase is refused; the portal opens instead.
    const again = await checkout(client);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(BILLING_MESSAGES.alreadySubscribed);
  });

  it('a declined card leaves the person on the free plan', async () => {
    const { user, client } = await signedIn();
    const start = await checkout(client);
    const declined = await payAtCheckout(start.body.url, TEST_CARDS.declined);
    expect(declined.status).toBe(402);
    expect(declined.text).toContain('Your card was declined.');
    expect((await userDoc(user.uid).get()).get('subscriptionStatus')).toBeUndefined();
    expect(await summary(client)).toMatchObject({ hasSubscription: false, status: null });
  });
});

describe('POST /api/billing/portal', () => {
  it('signed out: 401; without a billing account: 404; with one: a portal page', async () => {
    expect((await new ApiClient().post('/api/billing/portal', {})).status).toBe(401);
    const { client } = await signedIn();
    const none = await client.post('/api/billing/portal', {});
    expect(none.status).toBe(404);
    expect(none.body.message).toBe(BILLING_MESSAGES.noCustomer);

    await checkout(client);
    const portal = await client.post<{ url: string }>('/api/billing/portal', {});
    expect(portal.status).toBe(200);
    expect(portal.body.url.startsWith(`${standInUrl()}/p/session/`)).toBe(true);
    const page = await (await fetch(portal.body.url)).text();
    expect(page).toContain(`href="${await appUrl()}/profile"`);
  });
});

describe('GET /api/billing', () => {
  it('needs a session, and starts at the free plan with no photos', async () => {
    expect((await new ApiClient().get('/api/billing')).status).toBe(401);
    const { client } = await signedIn();
    expect(await summary(client)).toEqual({
      hasSubscription: false,
      status: null,
      period: null,
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
      canManage: false,
      photosStored: 0,
      photoAllowance: FREE_PHOTO_ALLOWANCE,
    });
  });
});

describe('POST /api/billing/webhook', () => {
  it('refuses a missing, wrong or stale signature and a changed body with 400', async () => {
    const { user } = await signedIn();
    const event = stripeEvent(
      'customer.subscription.updated',
      subscriptionObject({ userId: user.uid, status: 'active' }),
    );
    expect((await postWebhook(event.payload)).status).toBe(400);
    expect((await postWebhook(event.payload, signature(event.payload, 'whsec_wrong'))).status).toBe(
      400,
    );
    const signedOther = signature(event.payload.replace('"active"', '"trialing"'));
    const tampered = await postWebhook(event.payload, signedOther);
    expect(tampered.status).toBe(400);
    expect(tampered.body.message).toBe('Webhook signature verification failed.');
    const old = `t=${nowS() - 3600},v1=${signature(event.payload).split('v1=')[1]}`;
    expect((await postWebhook(event.payload, old)).status).toBe(400);
    expect((await userDoc(user.uid).get()).get('subscriptionStatus')).toBeUndefined();
  });

  it('writes the four fields from the subscription (period end from its item)', async () => {
    const { user, client } = await signedIn();
    const periodEnd = nowS() + 30 * DAY_S;
    const sub = subscriptionObject({ userId: user.uid, status: 'active', periodEnd });
    const res = await sendEvent(stripeEvent('customer.subscription.created', sub));
    expect(res).toEqual({ status: 200, body: { received: true, outcome: 'applied' } });
    const doc = await userDoc(user.uid).get();
    expect(doc.get('stripeCustomerId')).toBe(sub.customer);
    expect(doc.get('stripeSubscriptionId')).toBe(sub.id);
    expect(doc.get('subscriptionStatus')).toBe('active');
    expect((doc.get('subscriptionCurrentPeriodEnd') as Timestamp).toMillis()).toBe(
      periodEnd * 1000,
    );
    expect((await summary(client)).currentPeriodEnd).toBe(new Date(periodEnd * 1000).toISOString());
  });

  it('a replayed event changes nothing, even after newer news', async () => {
    const { user } = await signedIn();
    const sub = subscriptionObject({ userId: user.uid, status: 'active' });
    const activated = stripeEvent('customer.subscription.updated', sub, { created: nowS() - 10 });
    expect((await sendEvent(activated)).body.outcome).toBe('applied');
    const pastDue = stripeEvent(
      'customer.subscription.updated',
      { ...sub, status: 'past_due' },
      { created: nowS() },
    );
    expect((await sendEvent(pastDue)).body.outcome).toBe('applied');

    const replay = await sendEvent(activated);
    expect(replay).toEqual({ status: 200, body: { received: true, outcome: 'duplicate' } });
    expect((await sendEvent(pastDue)).body.outcome).toBe('duplicate');
    expect((await userDoc(user.uid).get()).get('subscriptionStatus')).toBe('past_due');
    expect((await adminDb.doc(`stripeEvents/${activated.id}`).get()).get('outcome')).toBe(
      'applied',
    );
  });

  it('an older update arriving late is ignored; a deletion is final whatever comes after', async () => {
    const { user, client } = await signedIn();
    const t = nowS();
    const sub = subscriptionObject({
      userId: user.uid,
      status: 'active',
      periodEnd: t + 60 * DAY_S,
    });
    const newer = stripeEvent('customer.subscription.updated', sub, { created: t });
    const older = stripeEvent(
      'customer.subscription.updated',
      {
        ...sub,
        status: 'incomplete',
        items: subscriptionObject({ userId: user.uid, status: 'incomplete', periodEnd: t + DAY_S })
          .items,
      },
      { created: t - 60 },
    );
    expect((await sendEvent(newer)).body.outcome).toBe('applied');
    expect((await sendEvent(older)).body.outcome).toBe('stale');
    let doc = await userDoc(user.uid).get();
    expect(doc.get('subscriptionStatus')).toBe('active');
    expect((doc.get('subscriptionCurrentPeriodEnd') as Timestamp).toMillis()).toBe(
      (t + 60 * DAY_S) * 1000,
    );

    const deleted = stripeEvent(
      'customer.subscription.deleted',
      { ...sub, status: 'canceled' },
      { created: t + 5 },
    );
    expect((await sendEvent(deleted)).body.outcome).toBe('applied');
    // An update of the same subscription, sent before the deletion but arriving after it, and
    // even one stamped later: an ended subscription stays ended.
    const lateUpdate = stripeEvent('customer.subscription.updated', sub, { created: t + 2 });
    const laterUpdate = stripeEvent('customer.subscription.updated', sub, { created: t + 10 });
    expect((await sendEvent(lateUpdate)).body.outcome).toBe('stale');
    expect((await sendEvent(laterUpdate)).body.outcome).toBe('stale');
    doc = await userDoc(user.uid).get();
    expect(doc.get('subscriptionStatus')).toBe('canceled');
    expect((await summary(client)).hasSubscription).toBe(false);

    // A new subscription replaces the ended one; the old one's late news does not undo that.
    const fresh = subscriptionObject({
      userId: user.uid,
      customer: sub.customer,
      status: 'active',
    });
    expect(
      (await sendEvent(stripeEvent('customer.subscription.created', fresh, { created: t + 20 })))
        .body.outcome,
    ).toBe('applied');
    const oldDeletedAgain = stripeEvent(
      'customer.subscription.deleted',
      { ...sub, status: 'canceled' },
      { created: t + 30 },
    );
    expect((await sendEvent(oldDeletedAgain)).body.outcome).toBe('stale');
    expect((await userDoc(user.uid).get()).get('stripeSubscriptionId')).toBe(fresh.id);
    expect((await summary(client)).hasSubscription).toBe(true);
  });

  it('keeps each of Stripe’s statuses; only active and trialing, with time left, give Plus', async () => {
    const { user, client } = await signedIn();
    const sub = subscriptionObject({ userId: user.uid, status: 'incomplete' });
    const t = nowS() - 100;
    const seen: Record<string, boolean> = {};
    // Every status of one subscription, the final one (canceled) last; incomplete_expired
    // (also final) is checked on a subscription of its own below.
    const order = [
      'incomplete',
      'trialing',
      'active',
      'past_due',
      'unpaid',
      'paused',
      'canceled',
    ] as const;
    expect(new Set([...order, 'incomplete_expired'])).toEqual(new Set(SUBSCRIPTION_STATUSES));
    for (const [i, status] of order.entries()) {
      const res = await sendEvent(
        stripeEvent('customer.subscription.updated', { ...sub, status }, { created: t + i }),
      );
      expect(res.body.outcome, status).toBe('applied');
      expect((await userDoc(user.uid).get()).get('subscriptionStatus')).toBe(status);
      const billing = await summary(client);
      expect(billing.status).toBe(status);
      seen[status] = billing.hasSubscription;
      expect((await client.get<CurrentUser>('/api/user')).body.hasSubscription).toBe(
        billing.hasSubscription,
      );
    }
    expect(seen).toEqual({
      active: true,
      trialing: true,
      past_due: false,
      unpaid: false,
      incomplete: false,
      paused: false,
      canceled: false,
    });

    // incomplete_expired, for a person whose only subscription expired unpaid.
    const other = await signedIn();
    const expired = subscriptionObject({ userId: other.user.uid, status: 'incomplete_expired' });
    expect(
      (await sendEvent(stripeEvent('customer.subscription.updated', expired))).body.outcome,
    ).toBe('applied');
    expect(await summary(other.client)).toMatchObject({
      status: 'incomplete_expired',
      hasSubscription: false,
    });

    // Active, but the period is over (a renewal Stripe has not reported): no Plus.
    const lapsed = await signedIn();
    const over = subscriptionObject({
      userId: lapsed.user.uid,
      status: 'active',
      periodEnd: nowS() - 60,
    });
    await sendEvent(stripeEvent('customer.subscription.updated', over));
    expect(await summary(lapsed.client)).toMatchObject({
      status: 'active',
      hasSubscription: false,
    });
  });

  it('invoice events fetch the subscription: a failed renewal shows past_due', async () => {
    const { user, client } = await signedIn();
    const start = await checkout(client);
    await payAtCheckout(start.body.url, TEST_CARDS.pays);
    const subscriptionId = (await userDoc(user.uid).get()).get('stripeSubscriptionId') as string;
    const res = await fetch(
      `${standInUrl()}/stand-in/subscriptions/${subscriptionId}/fail-payment`,
      {
        method: 'POST',
      },
    );
    expect(res.status).toBe(200);
    expect(await summary(client)).toMatchObject({ status: 'past_due', hasSubscription: false });
  });
});

describe('The free photo allowance', () => {
  async function fillAllowance(uid: string, photosStored: number) {
    await userDoc(uid).update({ photosStored });
  }

  async function photoRecords(journalId: string) {
    return (await adminDb.collection(`journals/${journalId}/images`).get()).size;
  }

  it('counts uploads, refuses the one past the allowance with 402 and writes nothing', async () => {
    const { user, client } = await signedIn();
    const journal = await newMoment(client);
    expect((await uploadPhoto(client, journal.id)).status).toBe(201);
    expect((await summary(client)).photosStored).toBe(1);

    await fillAllowance(user.uid, FREE_PHOTO_ALLOWANCE - 1);
    expect((await uploadPhoto(client, journal.id)).status).toBe(201);
    const refused = await uploadPhoto(client, journal.id);
    expect(refused.status).toBe(402);
    expect((refused.body as unknown as { message: string }).message).toBe(
      BILLING_MESSAGES.photoAllowanceReached,
    );
    expect(await photoRecords(journal.id)).toBe(2);
    expect((await summary(client)).photosStored).toBe(FREE_PHOTO_ALLOWANCE);

    // Everything else stays free, and every photo stays readable.
    const entry = await client.post(`/api/journals/${journal.id}/comments`, { text: 'Still here' });
    expect(entry.status).toBe(201);
    const moment = await client.get<{ images: { thumbUrl: string }[] }>(
      `/api/journals/${journal.id}`,
    );
    expect(moment.body.images).toHaveLength(2);
    for (const image of moment.body.images) {
      expect((await client.getBytes(image.thumbUrl)).status).toBe(200);
    }
  });

  it('a repeat of a stored upload (same client id) still gets its photo when the allowance is full', async () => {
    const { user, client } = await signedIn();
    const journal = await newMoment(client);
    await fillAllowance(user.uid, FREE_PHOTO_ALLOWANCE - 1);
    const id = randomUUID();
    const bytes = await makeJpeg();
    const first = await uploadPhoto(client, journal.id, bytes, { fields: { id } });
    expect(first.status).toBe(201);
    const repeat = await uploadPhoto(client, journal.id, bytes, { fields: { id } });
    expect(repeat.status).toBe(200);
    expect(repeat.body.id).toBe(first.body.id);
    expect((await summary(client)).photosStored).toBe(FREE_PHOTO_ALLOWANCE);
    expect((await uploadPhoto(client, journal.id)).status).toBe(402);
  });

  it('parallel uploads at the edge: exactly the places left are taken', async () => {
    const { user, client } = await signedIn();
    const journal = await newMoment(client);
    await fillAllowance(user.uid, FREE_PHOTO_ALLOWANCE - 2);
    const results = await Promise.all(
      Array.from({ length: 5 }, () => uploadPhoto(client, journal.id)),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 201, 402, 402, 402]);
    expect(await photoRecords(journal.id)).toBe(2);
    expect((await summary(client)).photosStored).toBe(FREE_PHOTO_ALLOWANCE);
  });

  it('deleting a photo or a moment gives places back, to whoever uploaded them', async () => {
    const { user, client } = await signedIn();
    const journal = await newMoment(client);
    await fillAllowance(user.uid, FREE_PHOTO_ALLOWANCE - 2);
    const first = await uploadPhoto(client, journal.id);
    await uploadPhoto(client, journal.id);
    expect((await uploadPhoto(client, journal.id)).status).toBe(402);

    expect(
      (await client.delete(`/api/journals/${journal.id}/images/${first.body.id}`)).status,
    ).toBe(200);
    expect((await summary(client)).photosStored).toBe(FREE_PHOTO_ALLOWANCE - 1);
    expect((await uploadPhoto(client, journal.id)).status).toBe(201);

    expect((await client.delete(`/api/journals/${journal.id}`)).status).toBe(200);
    expect((await summary(client)).photosStored).toBe(FREE_PHOTO_ALLOWANCE - 2);
  });

  it('with Moments Plus there is no limit; when it ends, the photos stay and uploads stop', async () => {
    const { user, client } = await signedIn();
    const journal = await newMoment(client);
    await fillAllowance(user.uid, FREE_PHOTO_ALLOWANCE);
    const sub = subscriptionObject({ userId: user.uid, status: 'active' });
    await sendEvent(stripeEvent('customer.subscription.created', sub, { created: nowS() - 5 }));
    expect((await uploadPhoto(client, journal.id)).status).toBe(201);
    expect((await summary(client)).photosStored).toBe(FREE_PHOTO_ALLOWANCE + 1);

    await sendEvent(stripeEvent('customer.subscription.deleted', { ...sub, status: 'canceled' }));
    expect((await uploadPhoto(client, journal.id)).status).toBe(402);
    const moment = await client.get<{ images: unknown[] }>(`/api/journals/${journal.id}`);
    expect(moment.body.images).toHaveLength(1);
  });

  it('a stored period end in the past no longer counts as Plus for uploads', async () => {
    const { user, client } = await signedIn();
    const journal = await newMoment(client);
    await userDoc(user.uid).update({
      photosStored: FREE_PHOTO_ALLOWANCE,
      subscriptionStatus: 'active',
      subscriptionCurrentPeriodEnd: Timestamp.fromMillis(Date.now() - 1000),
    });
    expect((await uploadPhoto(client, journal.id)).status).toBe(402);
  });
});
