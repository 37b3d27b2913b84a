// Stripe's word on a person's subscription, written to their users document. Stripe may send an
// event twice, late, or out of order, so:
// - each event id is recorded in the transaction that applies it (a replay changes nothing);
// - a subscription's state is applied only when it is at least as new as the one stored
//   (`subscriptionEventAt`, the event's creation time), and a subscription that has ended
//   (canceled, incomplete_expired) never comes back to life from a late event;
// - an ended subscription's events never overwrite a newer subscription of the same person.
import { FINAL_SUBSCRIPTION_STATUSES, type SubscriptionStatus } from '@moments/shared';
import { Timestamp, type DocumentSnapshot } from 'firebase-admin/firestore';
import type Stripe from 'stripe';
import { db } from '../../lib/firebase';
import { periodOfPrice, type BillingConfig } from './config';

const users = db.collection('users');
/** stripeEvents/{event id}: events already applied; `expireAt` is a Firestore TTL field. */
const processedEvents = db.collection('stripeEvents');
const EVENT_MEMORY_MS = 35 * 24 * 60 * 60 * 1000; // Stripe retries for up to 3 days

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

const isFinal = (status: unknown) =>
  FINAL_SUBSCRIPTION_STATUSES.includes(status as SubscriptionStatus);

/**
 * The period end. From API version 2025-03-31 on it is on each subscription item, before that on
 * the subscription; either is read. Seconds since the epoch.
 */
export function periodEndOf(subscription: Stripe.Subscription): number | null {
  const item = subscription.items?.data?.[0] as { current_period_end?: number } | undefined;
  const legacy = (subscription as unknown as { current_period_end?: number }).current_period_end;
  return item?.current_period_end ?? legacy ?? null;
}

/** Whether a subscription state stamped `at` should replace what the users document holds. */
export function isNewer(
  stored: DocumentSnapshot,
  subscription: Pick<Stripe.Subscription, 'id' | 'status'>,
  at: number,
): boolean {
  const storedId = stored.get('stripeSubscriptionId') as string | undefined;
  const storedAt = (stored.get('subscriptionEventAt') as number | undefined) ?? 0;
  const storedStatus = stored.get('subscriptionStatus') as string | undefined;
  if (!storedId) return true;
  if (storedId === subscription.id) {
    if (isFinal(storedStatus)) return false; // an ended subscription stays ended
    return isFinal(subscription.status) || at >= storedAt;
  }
  // Another subscription: a new one replaces an older one; an old one's late news is ignored.
  return !isFinal(subscription.status) && (isFinal(storedStatus) || at >= storedAt);
}

/** The users fields a subscription sets. */
function subscriptionFields(config: BillingConfig, subscription: Stripe.Subscription, at: number) {
  const periodEnd = periodEndOf(subscription);
  const item = subscription.items?.data?.[0];
  return {
    stripeCustomerId: idOf(subscription.customer),
    stripeSubscriptionId: subscription.id,
    subscriptionStatus: subscription.status,
    subscriptionCurrentPeriodEnd:
      periodEnd === null ? null : Timestamp.fromMillis(periodEnd * 1000),
    subscriptionCancelAtPeriodEnd:
      subscription.cancel_at_period_end === true || typeof subscription.cancel_at === 'number',
    subscriptionPeriod: periodOfPrice(config, item?.price?.id),
    subscriptionEventAt: at,
  };
}

/** Whose subscription it is: the id checkout put in its metadata, else by customer id. */
async function ownerOf(subscription: Stripe.Subscription): Promise<string | null> {
  const fromMetadata = subscription.metadata?.userId;
  if (fromMetadata && (await users.doc(fromMetadata).get()).exists) return fromMetadata;
  const customer = idOf(subscription.customer);
  if (!customer) return null;
  const found = await users.where('stripeCustomerId', '==', customer).limit(1).get();
  return found.docs[0]?.id ?? null;
}

export type ApplyOutcome = 'applied' | 'stale' | 'duplicate' | 'unknown-user';

/**
 * Applies one event's subscription state (or just records the event when `subscription` is
 * null), once per event id.
 */
export async function applySubscription(
  config: BillingConfig,
  event: Pick<Stripe.Event, 'id' | 'type' | 'created'>,
  subscription: Stripe.Subscription | null,
  at: number,
  uid?: string | null,
): Promise<ApplyOutcome> {
  const owner = uid ?? (subscription ? await ownerOf(subscription) : null);
  const marker = processedEvents.doc(event.id);
  return db.runTransaction(async (tx) => {
    const [seen, user] = await Promise.all([
      tx.get(marker),
      owner ? tx.get(users.doc(owner)) : Promise.resolve(null),
    ]);
    if (seen.exists) return 'duplicate';
    let outcome: ApplyOutcome = 'unknown-user';
    if (user?.exists && subscription) {
      outcome = isNewer(user, subscription, at) ? 'applied' : 'stale';
      if (outcome === 'applied') {
        tx.update(user.ref, subscriptionFields(config, subscription, at));
      }
    }
    tx.set(marker, {
      type: event.type,
      created: event.created,
      outcome,
      userId: owner,
      expireAt: Timestamp.fromMillis(Date.now() + EVENT_MEMORY_MS),
    });
    return outcome;
  });
}

/** The subscription an invoice is for (its place moved in API version 2025-03-31). */
function subscriptionOfInvoice(invoice: Stripe.Invoice): string | null {
  const parent = (
    invoice as {
      parent?: { subscription_details?: { subscription?: string | { id: string } } | null } | null;
    }
  ).parent;
  const legacy = (invoice as unknown as { subscription?: string | { id: string } | null })
    .subscription;
  return idOf(parent?.subscription_details?.subscription ?? legacy);
}

export const HANDLED_EVENTS = [
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
] as const;

/**
 * Handles a verified webhook event. Subscription events carry the subscription as it was when
 * the event happened; checkout and invoice events name it, so it is fetched (its state now, as
 * new as anything Stripe has sent: stamped with the current time).
 */
export async function handleStripeEvent(
  config: BillingConfig,
  stripe: Stripe,
  event: Stripe.Event,
): Promise<ApplyOutcome | 'ignored'> {
  const now = Math.floor(Date.now() / 1000);
  switch (event.type) {
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return applySubscription(config, event, event.data.object, event.created);
    case 'checkout.session.completed': {
      const session = event.data.object;
      const subscriptionId = idOf(session.subscription);
      if (session.mode !== 'subscription' || !subscriptionId) return 'ignored';
      const subscription = await stripe.subscriptions.retrieve(subscriptionId);
      return applySubscription(config, event, subscription, now, session.client_reference_id);
    }
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const subscriptionId = subscriptionOfInvoice(event.data.object);
      if (!subscriptionId) return 'ignored';
      const subscription = await stripe.subscriptions.retrieve(subscriptionId);
      return applySubscription(config, event, subscription, now);
    }
    default:
      return 'ignored';
  }
}
