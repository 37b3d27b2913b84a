import { describe, expect, it } from 'vitest';
import { isQuietAt, minuteOfDayIn } from './quiet-hours';

const night = { start: '22:00', end: '07:00', timeZone: 'Europe/Berlin' };

describe('isQuietAt', () => {
  it('spans midnight when start is after end', () => {
    expect(isQuietAt(night, new Date('2026-07-10T20:30:00Z'))).toBe(true); // 22:30 CEST
    expect(isQuietAt(night, new Date('2026-07-10T03:00:00Z'))).toBe(true); // 05:00
    expect(isQuietAt(night, new Date('2026-07-10T05:00:00Z'))).toBe(false); // 07:00: over
    expect(isQuietAt(night, new Date('2026-07-10T12:00:00Z'))).toBe(false);
  });

  it('follows the wall clock across the spring DST change', () => {
    // Berlin, 29 March 2026: 02:00 CET becomes 03:00 CEST. 06:30 local is 05:30 UTC before,
    // 04:30 UTC after; the same UTC instant a day apart is on either side of 07:00.
    expect(isQuietAt(night, new Date('2026-03-28T05:30:00Z'))).toBe(true); // 06:30 CET
    expect(isQuietAt(night, new Date('2026-03-29T05:30:00Z'))).toBe(false); // 07:30 CEST
    expect(isQuietAt(night, new Date('2026-03-29T04:30:00Z'))).toBe(true); // 06:30 CEST
    expect(minuteOfDayIn('Europe/Berlin', new Date('2026-03-29T01:00:00Z'))).toBe(3 * 60);
  });

  it('follows the wall clock across the autumn DST change', () => {
    // New York, 1 November 2026: 02:00 EDT becomes 01:00 EST. 21:59 and 22:00 local.
    const evening = { start: '22:00', end: '06:00', timeZone: 'America/New_York' };
    expect(isQuietAt(evening, new Date('2026-10-31T01:59:00Z'))).toBe(false); // 21:59 EDT
    expect(isQuietAt(evening, new Date('2026-11-02T02:59:00Z'))).toBe(false); // 21:59 EST
    expect(isQuietAt(evening, new Date('2026-11-02T03:00:00Z'))).toBe(true); // 22:00 EST
    expect(isQuietAt(evening, new Date('2026-11-01T06:30:00Z'))).toBe(true); // 01:30 EST
  });

  it('within one day when start is before end; none when equal or unset', () => {
    const lunch = { start: '12:00', end: '13:00', timeZone: 'UTC' };
    expect(isQuietAt(lunch, new Date('2026-07-10T12:30:00Z'))).toBe(true);
    expect(isQuietAt(lunch, new Date('2026-07-10T13:00:00Z'))).toBe(false);
    expect(isQuietAt({ ...lunch, end: '12:00' }, new Date('2026-07-10T12:30:00Z'))).toBe(false);
    expect(isQuietAt(null, new Date())).toBe(false);
  });
});
