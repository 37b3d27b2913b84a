import { describe, expect, it } from 'vitest';
import { formatBytes, formatDate, personName, subscriptionLabel } from './format';

describe('admin formatting', () => {
  it('writes sizes in binary units with one decimal', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(5 * 1024 ** 3)).toBe('5.0 GB');
  });

  it('says Never for a missing date', () => {
    expect(formatDate(null)).toBe('Never');
    expect(formatDate('2026-03-04T12:00:00Z')).toBe('Mar 4, 2026');
  });

  it('names a person by name, else phone, else id', () => {
    const base = { id: 'u1', firstName: null, lastName: null, phoneNumber: null };
    expect(personName({ ...base, firstName: 'Maya', lastName: 'Chen' })).toBe('Maya Chen');
    expect(personName({ ...base, phoneNumber: '+16505550101' })).toBe('+16505550101');
    expect(personName(base)).toBe('u1');
  });

  it('names subscription states as My Account does', () => {
    expect(subscriptionLabel('past_due')).toBe('Payment overdue');
    expect(subscriptionLabel('trialing')).toBe('Free trial');
    expect(subscriptionLabel(null)).toBe('None');
    expect(subscriptionLabel('something_new')).toBe('something_new');
  });
});
