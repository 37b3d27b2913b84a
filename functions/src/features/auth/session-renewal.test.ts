import { describe, expect, it } from 'vitest';
import { isDueForRenewal, RENEW_AFTER_MS } from './session-renewal';

const DAY_MS = 24 * 60 * 60 * 1000;
/** An injected clock: a fixed "now", and a cookie issued `days` before it. */
const NOW = Date.UTC(2026, 10, 28, 12);
const issuedDaysAgo = (days: number) => Math.floor((NOW - days * DAY_MS) / 1000);

describe('isDueForRenewal', () => {
  it('renews a cookie more than seven days old, never a younger one', () => {
    expect(RENEW_AFTER_MS).toBe(7 * DAY_MS);
    expect(isDueForRenewal(issuedDaysAgo(8), NOW)).toBe(true);
    expect(isDueForRenewal(issuedDaysAgo(13.9), NOW)).toBe(true);
    expect(isDueForRenewal(issuedDaysAgo(6), NOW)).toBe(false);
    expect(isDueForRenewal(issuedDaysAgo(7), NOW)).toBe(false);
    expect(isDueForRenewal(issuedDaysAgo(0), NOW)).toBe(false);
  });
});
