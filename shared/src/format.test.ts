import { describe, expect, it } from 'vitest';
import {
  ENTRY_DATE_FORMAT,
  formatClockTime,
  formatEntryDate,
  formatShortDate,
  initials,
} from './format';

describe('formatEntryDate', () => {
  it('uses "MMMM d, yyyy – h:mm a" with an en dash', () => {
    expect(ENTRY_DATE_FORMAT).toBe('MMMM d, yyyy – h:mm a');
    expect(formatEntryDate(new Date(2024, 2, 5, 14, 7))).toBe('March 5, 2024 – 2:07 PM');
  });

  it('writes morning hours without a leading zero and midnight as 12 AM', () => {
    expect(formatEntryDate(new Date(2023, 11, 31, 9, 30))).toBe('December 31, 2023 – 9:30 AM');
    expect(formatEntryDate(new Date(2025, 0, 1, 0, 0))).toBe('January 1, 2025 – 12:00 AM');
  });

  it('reads the ISO strings and epoch numbers of the API', () => {
    const date = new Date(2024, 6, 4, 18, 45);
    expect(formatEntryDate(date.toISOString())).toBe('July 4, 2024 – 6:45 PM');
    expect(formatEntryDate(date.getTime())).toBe('July 4, 2024 – 6:45 PM');
  });

  it('gives "" for a date it cannot read', () => {
    expect(formatEntryDate('not a date')).toBe('');
  });
});

describe('formatShortDate', () => {
  it('writes "MMM d, yyyy" from the API\'s ISO strings, "" when unreadable', () => {
    expect(formatShortDate(new Date(2026, 11, 6, 23, 59).toISOString())).toBe('Dec 6, 2026');
    expect(formatShortDate(new Date(2024, 2, 5))).toBe('Mar 5, 2024');
    expect(formatShortDate('not a date')).toBe('');
  });
});

describe('formatClockTime', () => {
  it('writes a 24-hour clock as "HH:mm" and a 12-hour one with AM/PM, from ISO strings too', () => {
    const afternoon = new Date(2026, 10, 28, 14, 2);
    expect(formatClockTime(afternoon.toISOString(), false)).toBe('14:02');
    expect(formatClockTime(afternoon, true)).toBe('2:02 PM');
    expect(formatClockTime(new Date(2026, 10, 28, 9, 5), false)).toBe('09:05');
    expect(formatClockTime('not a date', true)).toBe('');
  });
});

describe('initials', () => {
  it('takes the first letter of each name, upper-cased', () => {
    expect(initials('ada', 'Lovelace')).toBe('AL');
  });

  it('copes with a missing or blank name', () => {
    expect(initials('Ada', null)).toBe('A');
    expect(initials(undefined, ' lovelace')).toBe('L');
    expect(initials(null, '  ')).toBe('');
  });

  it('keeps a letter outside the basic plane whole', () => {
    expect(initials('𝒜da', 'Éclair')).toBe('𝒜É');
  });
});
