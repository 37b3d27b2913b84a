// Stripe settings from the function's environment (keys as secrets in production, a local
// stand-in's under the emulators). Without the keys and both price ids, payments are off:
// /subscribe says so and the billing calls answer 503.
import type { BillingPeriod } from '@moments/shared';
import type Stripe from 'stripe';

export interface BillingConfig {
  secretKey: string;
  webhookSecret: string;
  prices: Record<BillingPeriod, string>;
  /** Free days before the first payment, for someone who never subscribed before. */
  trialDays: number;
  /** Another Stripe API address (the local stand-in); Stripe's own when unset. */
  apiUrl?: URL;
}

const DEFAULT_TRIAL_DAYS = 14;

/**
 * Stripe sessions (Checkout and billing portal together) one person may open: plenty for
 * changing one's mind, too few for a script to spend the account's Stripe API quota.
 */
export const BILLING_SESSION_LIMIT = { limit: 10, windowMs: 15 * 60 * 1000 } as const;

export function readBillingConfig(env = process.env): BillingConfig | null {
  const secretKey = env.STRIPE_SECRET_KEY;
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET;
  const monthly = env.STRIPE_PRICE_MONTHLY;
  const yearly = env.STRIPE_PRICE_YEARLY;
  if (!secretKey || !webhookSecret || !monthly || !yearly) return null;
  const trialDays = Number(env.STRIPE_TRIAL_DAYS ?? DEFAULT_TRIAL_DAYS);
  return {
    secretKey,
    webhookSecret,
    prices: { monthly, yearly },
    trialDays: Number.isInteger(trialDays) && trialDays >= 0 ? trialDays : DEFAULT_TRIAL_DAYS,
    apiUrl: env.STRIPE_API_URL ? new URL(env.STRIPE_API_URL) : undefined,
  };
}

/** The library, loaded on the first billing call: most requests never need it. */
export async function stripeLibrary(): Promise<typeof Stripe> {
  return (await import('stripe')).default;
}

let cached: { key: string; client: Stripe } | undefined;

/** One Stripe client per configuration, made on first use. */
export async function stripeClient(config: BillingConfig): Promise<Stripe> {
  const key = `${config.secretKey} ${config.apiUrl?.href ?? ''}`;
  if (cached?.key === key) return cached.client;
  const { apiUrl } = config;
  const StripeClient = await stripeLibrary();
  const client = new StripeClient(config.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(apiUrl
      ? {
          host: apiUrl.hostname,
          port: Number(apiUrl.port || (apiUrl.protocol === 'https:' ? 443 : 80)),
          protocol: apiUrl.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });
  cached = { key, client };
  return client;
}

/** Which plan a Stripe price id is, if it is one of ours. */
export function periodOfPrice(config: BillingConfig, priceId: string | undefined) {
  if (priceId === config.prices.monthly) return 'monthly';
  if (priceId === config.prices.yearly) return 'yearly';
  return null;
}
