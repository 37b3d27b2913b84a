// Stripe for the tests: the stand-in that scripts/firebase.mjs started (its STRIPE_* variables
// reach the tests through emulators:exec), events signed with the function's webhook secret,
// and the hosted Checkout page driven as a browser would.
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import type { SubscriptionStatus } from '@moments/shared';
import Stripe from 'stripe';
import { LOCAL_PRICES, TEST_CARDS } from '../../scripts/stripe-stand-in.mjs';
import { appUrl, requireEnv } from './emulators';

export { LOCAL_PRICES, TEST_CARDS };

const signer = () => new Stripe(requireEnv('STRIPE_SECRET_KEY'));

export const standInUrl = () => requireEnv('STRIPE_API_URL');

export const nowS = () => Math.floor(Date.now() / 1000);
export const DAY_S = 24 * 60 * 60;

export interface WebhookAnswer {
  status: number;
  body: { received?: boolean; outcome?: string; message?: string };
}

/** POSTs bytes to the webhook as Stripe would, with the given Stripe-Signature header. */
export async function postWebhook(payload: string, signature?: string): Promise<WebhookAnswer> {
  const res = await fetch(`${await appUrl()}/api/billing/webhook`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      ...(signature === undefined ? {} : { 'Stripe-Signature': signature }),
    },
    body: payload,
  });
  return { status: res.status, body: (await res.json()) as WebhookAnswer['body'] };
}

export function signature(payload: string, secret = requireEnv('STRIPE_WEBHOOK_SECRET')): string {
  return signer().webhooks.generateTestHeaderString({ payload, secret });
}

export interface TestEvent {
  id: string;
  payload: string;
}

/** A Stripe event around `object`, created at `created` (seconds). */
export function stripeEvent(
  type: string,
  object: object,
  { created = nowS(), id = `evt_test_${randomBytes(10).toString('hex')}` } = {},
): TestEvent {
  const event = {
    id,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  };
  return { id, payload: JSON.stringify(event) };
}

/** Sends a correctly signed event. */
export function sendEvent(event: TestEvent): Promise<WebhookAnswer> {
  return postWebhook(event.payload, signature(event.payload));
}

/** A subscription object as Stripe's API version of the library shapes it. */
export function subscriptionObject(fields: {
  id?: string;
  userId: string;
  customer?: string;
  status: SubscriptionStatus;
  periodEnd?: number;
  period?: 'monthly' | 'yearly';
  cancelAtPeriodEnd?: boolean;
}) {
  const price = LOCAL_PRICES[fields.period ?? 'monthly'];
  const start = nowS();
  return {
    id: fields.id ?? `sub_test_${randomBytes(8).toString('hex')}`,
    object: 'subscription',
    customer: fields.customer ?? `cus_test_${randomBytes(8).toString('hex')}`,
    status: fields.status,
    cancel_at_period_end: fields.cancelAtPeriodEnd ?? false,
    cancel_at: null,
    metadata: { userId: fields.userId },
    items: {
      object: 'list',
      data: [
        {
          id: `si_test_${randomBytes(8).toString('hex')}`,
          object: 'subscription_item',
          price: { id: price.id, object: 'price', currency: price.currency },
          quantity: 1,
          current_period_start: start,
          current_period_end: fields.periodEnd ?? start + 30 * DAY_S,
        },
      ],
    },
  };
}

/**
 * Submits the stand-in's Checkout page with a card. Answers the status and, after paying,
 * where the page sends the browser (the success URL).
 */
export async function payAtCheckout(checkoutUrl: string, card: string) {
  const res = await fetch(checkoutUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ card_number: card, card_expiry: '12 / 34', card_cvc: '123' }),
    redirect: 'manual',
  });
  return { status: res.status, location: res.headers.get('location'), text: await res.text() };
}

/** The stand-in's test knob: the subscription's period ends now. */
export async function endPeriodAtStandIn(subscriptionId: string): Promise<void> {
  const res = await fetch(`${standInUrl()}/stand-in/subscriptions/${subscriptionId}/advance`, {
    method: 'POST',
  });
  if (!res.ok) throw new Error(`advance answered ${res.status}`);
}

/** On the stand-in's Checkout page (Stripe's, in production): pays or fails with `card`. */
export async function payWithCard(page: Page, card: string) {
  await page.waitForURL(/\/c\/pay\/cs_test_/);
  await page.getByLabel('Card number').fill(card);
  await page.getByRole('button', { name: /Start trial|Subscribe/ }).click();
}
