import { describe, expect, it } from 'vitest';
import {
  FREE_PHOTO_ALLOWANCE,
  SUBSCRIPTION_STATUSES,
  formatPrice,
  hasSubscriptionInForce,
  photosFit,
  yearlySavingPercent,
} from './billing';
import { checkoutSchema } from './schemas/billing';

const NOW = Date.UTC(2026, 10, 23, 12);
const later = new Date(NOW + 1000);
const earlier = new Date(NOW - 1000);

describe('hasSubscriptionInForce', () => {
  it('is true only for active or trialing with the period end still ahead', () => {
    const inForce = SUBSCRIPTION_STATUSES.filter((s) => hasSubscriptionInForce(s, later, NOW));
    expect(inForce).toEqual(['active', 'trialing']);
    expect(hasSubscriptionInForce('active', earlier, NOW)).toBe(false);
    expect(hasSubscriptionInForce('active', new Date(NOW), NOW)).toBe(false);
    expect(hasSubscriptionInForce('active', null, NOW)).toBe(false);
    expect(hasSubscriptionInForce(undefined, later, NOW)).toBe(false);
    expect(hasSubscriptionInForce('ACTIVE', later, NOW)).toBe(false);
  });
});

describe('photosFit', () => {
  it('allows up to the free allowance, and anything with Plus', () => {
    expect(photosFit(FREE_PHOTO_ALLOWANCE - 1, false)).toBe(true);
    expect(photosFit(FREE_PHOTO_ALLOWANCE, false)).toBe(false);
    expect(photosFit(FREE_PHOTO_ALLOWANCE - 2, false, 3)).toBe(false);
    expect(photosFit(FREE_PHOTO_ALLOWANCE * 5, true)).toBe(true);
  });
});

describe('checkoutSchema', () => {
  it('takes monthly or yearly, defaulting the flow to account', () => {
    expect(checkoutSchema.parse({ period: 'yearly' })).toEqual({
      period: 'yearly',
      flow: 'account',
    });
    expect(checkoutSchema.safeParse({ period: 'weekly' }).error?.issues[0]?.message).toBe(
      'Choose monthly or yearly',
    );
    expect(checkoutSchema.safeParse({ period: 'monthly', flow: 'elsewhere' }).success).toBe(false);
  });
});

describe('prices', () => {
  it('formats Stripe amounts in their currency, zero-decimal ones included', () => {
    expect(formatPrice(499, 'usd', 'en-US')).toBe('$4.99');
    expect(formatPrice(5000, 'usd', 'en-US')).toBe('$50');
    expect(formatPrice(4999, 'eur', 'en-US')).toBe('€49.99');
    expect(formatPrice(600, 'jpy', 'en-US')).toBe('¥600');
  });

  it('works out the yearly saving against twelve months', () => {
    const prices = [
      { period: 'monthly' as const, amount: 499, currency: 'usd' },
      { period: 'yearly' as const, amount: 4999, currency: 'usd' },
    ];
    expect(yearlySavingPercent(prices)).toBe(17);
    expect(yearlySavingPercent([prices[0]!, { ...prices[1]!, currency: 'eur' }])).toBe(0);
  });
});
