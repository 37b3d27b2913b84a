// Moments Plus with Stripe: plans and prices, the caller's plan and usage, Checkout, the billing
// portal, and the webhook that keeps users' subscription fields in step with Stripe.
import {
  BILLING_MESSAGES,
  BILLING_PERIODS,
  FREE_PHOTO_ALLOWANCE,
  checkoutSchema,
  isSubscriptionStatus,
  type BillingPlans,
  type BillingRedirect,
  type BillingSummary,
  type CheckoutFlow,
  type PlanPrice,
} from '@moments/shared';
import { Router, type Request } from 'express';
import type Stripe from 'stripe';
import { appOrigin } from '../../lib/app-origin';
import { ApiError, handle, parseBody } from '../../lib/http';
import { db } from '../../lib/firebase';
import { consume } from '../../lib/rate-limit';
import { hasSubscription, subscriptionPeriodEnd } from '../../lib/subscription';
import { callerId } from '../../middleware/auth';
import { signedInRouter } from '../../middleware/signed-in-router';
import {
  BILLING_SESSION_LIMIT,
  readBillingConfig,
  stripeClient,
  stripeLibrary,
  type BillingConfig,
} from './config';
import { handleStripeEvent } from './subscriptions';

const users = db.collection('users');

export const billingRoutes = Router();
/** The caller's own plan, Checkout and the portal. */
const signedIn = signedInRouter();
billingRoutes.use(signedIn);

function configOrFail(): BillingConfig {
  const config = readBillingConfig();
  if (!config) throw new ApiError(503, BILLING_MESSAGES.notConfigured);
  return config;
}

/** Stripe being unreachable or refusing is our problem, not the caller's: a 503 that says so. */
async function callStripe<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof (await stripeLibrary()).errors.StripeError) {
      console.error(`Stripe refused a call: ${err.type} ${err.message}`);
      throw new ApiError(503, BILLING_MESSAGES.paymentsUnavailable);
    }
    throw err;
  }
}

const PRICE_CACHE_MS = 10 * 60 * 1000;
let priceCache: { key: string; at: number; prices: PlanPrice[] } | undefined;

/** Both plans' prices as Stripe has them (kept 10 minutes). */
async function planPrices(config: BillingConfig): Promise<PlanPrice[]> {
  const key = `${config.prices.monthly} ${config.prices.yearly}`;
  if (priceCache?.key === key && Date.now() - priceCache.at < PRICE_CACHE_MS) {
    return priceCache.prices;
  }
  const stripe = await stripeClient(config);
  const prices = await callStripe(() =>
    Promise.all(
      BILLING_PERIODS.map(async (period) => {
        const price = await stripe.prices.retrieve(config.prices[period]);
        return { period, amount: price.unit_amount ?? 0, currency: price.currency };
      }),
    ),
  );
  priceCache = { key, at: Date.now(), prices };
  return prices;
}

/** Public: what /subscribe shows. */
billingRoutes.get(
  '/billing/plans',
  handle(async (_req, res) => {
    const config = readBillingConfig();
    const body: BillingPlans = config
      ? {
          configured: true,
          photoAllowance: FREE_PHOTO_ALLOWANCE,
          trialDays: config.trialDays,
          prices: await planPrices(config),
        }
      : { configured: false, photoAllowance: FREE_PHOTO_ALLOWANCE };
    res.json(body);
  }),
);

/** The caller's plan, status, renewal or end date, and photos against the allowance. */
signedIn.get(
  '/billing',
  handle(async (req, res) => {
    const doc = await users.doc(callerId(req)).get();
    if (!doc.exists) throw new ApiError(401, 'Please sign in.');
    const status = doc.get('subscriptionStatus') as unknown;
    const period = doc.get('subscriptionPeriod') as unknown;
    res.setHeader('Cache-Control', 'private, no-store');
    res.json({
      hasSubscription: hasSubscription(doc),
      status: isSubscriptionStatus(status) ? status : null,
      period: period === 'monthly' || period === 'yearly' ? period : null,
      currentPeriodEnd: subscriptionPeriodEnd(doc)?.toISOString() ?? null,
      cancelAtPeriodEnd: doc.get('subscriptionCancelAtPeriodEnd') === true,
      canManage: typeof doc.get('stripeCustomerId') === 'string',
      photosStored: (doc.get('photosStored') as number | undefined) ?? 0,
      photoAllowance: FREE_PHOTO_ALLOWANCE,
    } satisfies BillingSummary);
  }),
);

/**
 * The person's Stripe customer, made on their first checkout and kept in stripeCustomerId.
 * Stripe's idempotency key makes parallel first checkouts share one customer.
 */
async function customerFor(stripe: Stripe, uid: string): Promise<string> {
  const ref = users.doc(uid);
  const existing = (await ref.get()).get('stripeCustomerId') as string | undefined;
  if (existing) return existing;
  const customer = await callStripe(() =>
    stripe.customers.create({ metadata: { userId: uid } }, { idempotencyKey: `customer-${uid}` }),
  );
  return db.runTransaction(async (tx) => {
    const current = (await tx.get(ref)).get('stripeCustomerId') as string | undefined;
    if (current) return current;
    tx.update(ref, { stripeCustomerId: customer.id });
    return customer.id;
  });
}

/** Counts one Stripe session for `uid` (in a transaction); 429 past BILLING_SESSION_LIMIT. */
function countStripeSession(uid: string): Promise<void> {
  return consume(
    'billing-session',
    uid,
    BILLING_SESSION_LIMIT.limit,
    BILLING_SESSION_LIMIT.windowMs,
  );
}

const returnPath = (flow: CheckoutFlow, outcome: 'success' | 'cancelled') =>
  `/subscribe?${new URLSearchParams({ checkout: outcome, flow }).toString()}`;

/** A Stripe Checkout page for Moments Plus; the browser goes there and comes back. */
signedIn.post(
  '/billing/checkout',
  handle(async (req, res) => {
    const uid = callerId(req);
    const { period, flow } = parseBody(checkoutSchema, req);
    const config = configOrFail();
    const doc = await users.doc(uid).get();
    if (!doc.exists) throw new ApiError(401, 'Please sign in.');
    if (hasSubscription(doc)) throw new ApiError(409, BILLING_MESSAGES.alreadySubscribed);
    await countStripeSession(uid);
    const stripe = await stripeClient(config);
    const customer = await customerFor(stripe, uid);
    const origin = appOrigin();
    // The trial is for a first subscription only.
    const firstTime = !doc.get('stripeSubscriptionId');
    const session = await callStripe(() =>
      stripe.checkout.sessions.create({
        mode: 'subscription',
        customer,
        client_reference_id: uid,
        line_items: [{ price: config.prices[period], quantity: 1 }],
        subscription_data: {
          metadata: { userId: uid },
          ...(firstTime && config.trialDays > 0 ? { trial_period_days: config.trialDays } : {}),
        },
        metadata: { userId: uid },
        success_url: `${origin}${returnPath(flow, 'success')}&session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${origin}${returnPath(flow, 'cancelled')}`,
      }),
    );
    if (!session.url) throw new ApiError(503, BILLING_MESSAGES.paymentsUnavailable);
    res.json({ url: session.url } satisfies BillingRedirect);
  }),
);

/** Stripe's billing portal for the caller: change plan or card, cancel. */
signedIn.post(
  '/billing/portal',
  handle(async (req, res) => {
    const config = configOrFail();
    const uid = callerId(req);
    const doc = await users.doc(uid).get();
    const customer = doc.get('stripeCustomerId') as string | undefined;
    if (!customer) throw new ApiError(404, BILLING_MESSAGES.noCustomer);
    await countStripeSession(uid);
    const stripe = await stripeClient(config);
    const session = await callStripe(() =>
      stripe.billingPortal.sessions.create({ customer, return_url: `${appOrigin()}/profile` }),
    );
    res.json({ url: session.url } satisfies BillingRedirect);
  }),
);

/**
 * Stripe's webhook. The signature covers the exact bytes sent: Cloud Functions keeps them in
 * `req.rawBody` (the parsed JSON body would not verify). A bad signature is a 400; a failure
 * while applying is a 500, so Stripe sends the event again.
 */
billingRoutes.post(
  '/billing/webhook',
  handle(async (req, res) => {
    const config = configOrFail();
    const raw = (req as Request & { rawBody?: Buffer }).rawBody;
    const signature = req.headers['stripe-signature'];
    const stripe = await stripeClient(config);
    let event: Stripe.Event;
    try {
      if (!raw || typeof signature !== 'string') throw new Error('no body or signature');
      event = stripe.webhooks.constructEvent(raw, signature, config.webhookSecret);
    } catch {
      throw new ApiError(400, 'Webhook signature verification failed.');
    }
    const outcome = await handleStripeEvent(config, stripe, event);
    res.json({ received: true, outcome });
  }),
);
