// Ending a subscription now, for an account that is being deleted: Stripe must not charge a
// person whose account no longer exists.
import { BILLING_MESSAGES, FINAL_SUBSCRIPTION_STATUSES } from '@moments/shared';
import type { DocumentSnapshot } from 'firebase-admin/firestore';
import { ApiError } from '../../lib/http';
import { readBillingConfig, stripeClient, stripeLibrary } from './config';

const hasEnded = (status: unknown) =>
  (FINAL_SUBSCRIPTION_STATUSES as readonly unknown[]).includes(status);

/**
 * Cancels the person's subscription at Stripe at once (no refund, no further invoice). Asks
 * Stripe first, so a subscription that already ended, or that Stripe does not know, is left
 * alone and a deletion that is run again does not fail here. Throws 503 when Stripe cannot be
 * asked, before anything else of the account is touched.
 */
export async function cancelSubscriptionNow(user: DocumentSnapshot): Promise<void> {
  const id = user.get('stripeSubscriptionId') as unknown;
  if (typeof id !== 'string' || !id) return;
  const config = readBillingConfig();
  if (!config) throw new ApiError(503, BILLING_MESSAGES.notConfigured);
  const stripe = await stripeClient(config);
  const { errors } = await stripeLibrary();
  try {
    const subscription = await stripe.subscriptions.retrieve(id);
    if (hasEnded(subscription.status)) return;
    await stripe.subscriptions.cancel(id);
  } catch (err) {
    if (err instanceof errors.StripeInvalidRequestError && err.code === 'resource_missing') return;
    if (err instanceof errors.StripeError) {
      console.error(`Stripe refused to cancel ${id}: ${err.type} ${err.message}`);
      throw new ApiError(503, BILLING_MESSAGES.paymentsUnavailable);
    }
    throw err;
  }
}
