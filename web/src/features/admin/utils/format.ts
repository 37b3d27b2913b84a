// How the dashboard writes figures: plain numbers, sizes, dates, states.
import { SUBSCRIPTION_STATUS_LABELS, isSubscriptionStatus } from '@moments/shared';

const numbers = new Intl.NumberFormat('en-US');
const dates = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const dateTimes = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export function formatCount(n: number): string {
  return numbers.format(n);
}

/** Bytes as B, KB, MB, GB (powers of 1,024). */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${units[unit]}`;
}

export function formatDate(iso: string | null): string {
  return iso ? dates.format(new Date(iso)) : 'Never';
}

export function formatDateTime(iso: string): string {
  return dateTimes.format(new Date(iso));
}

export function personName(p: {
  firstName: string | null;
  lastName: string | null;
  phoneNumber: string | null;
  id: string;
}): string {
  return [p.firstName, p.lastName].filter(Boolean).join(' ') || p.phoneNumber || p.id;
}

export const SIGN_IN_METHOD_LABELS = {
  phone: 'Phone',
  'phone-unverified': 'Phone (not verified)',
  apple: 'Apple',
} as const;

/** A subscription state in the words My Account uses; an unknown one as stored; none: None. */
export function subscriptionLabel(status: string | null): string {
  if (!status) return 'None';
  return isSubscriptionStatus(status) ? SUBSCRIPTION_STATUS_LABELS[status] : status;
}
