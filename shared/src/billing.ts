// Moments Plus: the one paid plan, what it gives, and the rules both sides apply. The function
// enforces them (photo uploads, hasSubscription); the web app shows them (/subscribe, My
// Account, the upload limit message). Prices are not here: they live in Stripe and reach the
// app through GET /api/billing/plans.

import { format } from 'date-fns';

export const PLUS_PLAN_NAME = 'Moments Plus';

/**
 * Photos an account may keep without Plus: the photos it uploaded that still exist, in any
 * moment. Generous on purpose (years of family albums for most people); Plus lifts it.
 * Nobody ever loses photos they have: beyond the allowance only new uploads are refused.
 */
export const FREE_PHOTO_ALLOWANCE = 1000;
const ALLOWANCE_TEXT = FREE_PHOTO_ALLOWANCE.toLocaleString('en-US');

/** What Plus adds, shown on /subscribe and My Account. */
export const PLUS_BENEFITS = [
  'Unlimited photos in all your moments',
  'Full-quality photos for the whole family, wherever they were shared',
  'Support a small, ad-free service',
] as const;

/** What stays free for everyone, with or without Plus. */
export const FREE_FOREVER = [
  `Up to ${ALLOWANCE_TEXT} photos of your own`,
  'Every photo you already have stays yours to see',
  'Reading, posting entries, commenting and joining moments',
] as const;

export const BILLING_PERIODS = ['monthly', 'yearly'] as const;
export type BillingPeriod = (typeof BILLING_PERIODS)[number];

/** Subscription statuses as Stripe names them. */
export const SUBSCRIPTION_STATUSES = [
  'active',
  'trialing',
  'past_due',
  'canceled',
  'unpaid',
  'incomplete',
  'incomplete_expired',
  'paused',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export function isSubscriptionStatus(value: unknown): value is SubscriptionStatus {
  return (SUBSCRIPTION_STATUSES as readonly unknown[]).includes(value);
}

/** How My Account names each status. */
export const SUBSCRIPTION_STATUS_LABELS: Record<SubscriptionStatus, string> = {
  active: 'Active',
  trialing: 'Free trial',
  past_due: 'Payment overdue',
  canceled: 'Cancelled',
  unpaid: 'Unpaid',
  incomplete: 'Waiting for payment',
  incomplete_expired: 'Payment not completed',
  paused: 'Paused',
};

/** Statuses after which Stripe never changes that subscription again. */
export const FINAL_SUBSCRIPTION_STATUSES: readonly SubscriptionStatus[] = [
  'canceled',
  'incomplete_expired',
];

/** Statuses in which the plan's benefit applies (while the period lasts). */
const PAID_STATUSES: readonly SubscriptionStatus[] = ['active', 'trialing'];

/**
 * Whether a subscription is in force: a paid status and a period end still ahead. The one
 * rule behind `hasSubscription` and the photo allowance.
 */
export function hasSubscriptionInForce(
  status: unknown,
  currentPeriodEnd: Date | null | undefined,
  now = Date.now(),
): boolean {
  if (!isSubscriptionStatus(status) || !PAID_STATUSES.includes(status)) return false;
  return currentPeriodEnd instanceof Date && currentPeriodEnd.getTime() > now;
}

/** Whether `adding` more photos fit: always with Plus, else within the free allowance. */
export function photosFit(photosStored: number, subscribed: boolean, adding = 1): boolean {
  return subscribed || photosStored + adding <= FREE_PHOTO_ALLOWANCE;
}

/** Where the web app sends people who want Plus. */
export const SUBSCRIBE_PATH = '/subscribe';

/**
 * Which screen started a purchase: `onboarding` (the welcome tour's Apple sign-in) goes on to
 * /onboarding-screen-2 after paying; `account` (My Account, the limit message) back to My
 * Account.
 */
export const CHECKOUT_FLOWS = ['onboarding', 'account'] as const;
export type CheckoutFlow = (typeof CHECKOUT_FLOWS)[number];

export const BILLING_MESSAGES = {
  periodInvalid: 'Choose monthly or yearly',
  notConfigured:
    'Payments are not set up on this server yet, so Moments Plus cannot be bought here. Everything else works as usual.',
  noCustomer: 'There is no billing account for you yet. Subscribe first.',
  alreadySubscribed: 'You already have Moments Plus. Manage it from My Account.',
  paymentsUnavailable: 'The payment service is not answering. Please try again in a minute.',
  photoAllowanceReached: `You have reached the ${ALLOWANCE_TEXT} free photos of your account. Upgrade to ${PLUS_PLAN_NAME} for unlimited photos, or delete some photos to make room. Your photos are safe either way.`,
} as const;

/** A plan's price, from Stripe. `amount` is in the currency's smallest unit (cents). */
export interface PlanPrice {
  period: BillingPeriod;
  amount: number;
  /** ISO 4217, lower case as Stripe gives it. */
  currency: string;
}

/** GET /api/billing/plans (public). */
export type BillingPlans =
  | { configured: false; photoAllowance: number }
  | { configured: true; photoAllowance: number; trialDays: number; prices: PlanPrice[] };

/** GET /api/billing: the caller's plan and usage (My Account). */
export interface BillingSummary {
  hasSubscription: boolean;
  /** Null before the first purchase. */
  status: SubscriptionStatus | null;
  period: BillingPeriod | null;
  /** ISO 8601: when the period renews, or ends when `cancelAtPeriodEnd`. */
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  /** Whether there is a Stripe customer, so the billing portal can open. */
  canManage: boolean;
  photosStored: number;
  photoAllowance: number;
}

/** POST /api/billing/checkout and /portal: the Stripe page to send the browser to. */
export interface BillingRedirect {
  url: string;
}

/** The number of fraction digits a currency is written with (JPY 0, USD 2). */
function currencyDigits(currency: string): number {
  return (
    new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
      .maximumFractionDigits ?? 2
  );
}

/** "$4.99": a Stripe amount (smallest unit) in its currency. */
export function formatPrice(amount: number, currency: string, locale?: string): string {
  const code = currency.toUpperCase();
  const digits = currencyDigits(code);
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: code,
    minimumFractionDigits: amount % 10 ** digits === 0 ? 0 : digits,
  }).format(amount / 10 ** digits);
}

/** "November 12, 2026": a renewal or end date as My Account shows it. */
export function formatBillingDate(date: Date | string): string {
  return format(typeof date === 'string' ? new Date(date) : date, 'MMMM d, yyyy');
}

/** The yearly plan's saving against twelve monthly payments, in whole percent (0 if none). */
export function yearlySavingPercent(prices: readonly PlanPrice[]): number {
  const monthly = prices.find((p) => p.period === 'monthly');
  const yearly = prices.find((p) => p.period === 'yearly');
  if (!monthly || !yearly || monthly.currency !== yearly.currency || monthly.amount <= 0) return 0;
  return Math.max(0, Math.round((1 - yearly.amount / (monthly.amount * 12)) * 100));
}
