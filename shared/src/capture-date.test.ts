import { describe, expect, it } from 'vitest';
import {
  captureDateAsLocalDate,
  captureDateFromExif,
  captureDateSchema,
  captureDateToExif,
} from './capture-date';

describe('capture dates', () => {
  const now = Date.parse('2026-01-01T00:00:00Z');

  it('reads EXIF DateTimeOriginal as the local wall-clock time', () => {
    expect(captureDateFromExif('2024:05:01 14:03:22', now)).toBe('2024-05-01T14:03:22');
    expect(captureDateToExif('2024-05-01T14:03:22')).toBe('2024:05:01 14:03:22');
    expect(captureDateAsLocalDate('2024-05-01T14:03:22')!.getHours()).toBe(14);
  });

  it('drops dates no camera could have recorded for a photo uploaded now', () => {
    expect(captureDateFromExif('0000:00:00 00:00:00', now)).toBeUndefined();
    expect(captureDateFromExif('2024:02:30 10:00:00', now)).toBeUndefined();
    expect(captureDateFromExif('1850:01:01 10:00:00', now)).toBeUndefined();
    expect(captureDateFromExif('2026:01:02 10:00:00', now)).toBeUndefined();
    expect(captureDateFromExif(new Date(), now)).toBeUndefined();
  });

  it('refuses in the schema anything but a plausible local date-time', () => {
    expect(captureDateSchema.safeParse('2024-05-01T14:03:22').success).toBe(true);
    for (const bad of ['2024-05-01', '2024-05-01T14:03:22Z', '2999-01-01T00:00:00', 'soon']) {
      expect(captureDateSchema.safeParse(bad).success).toBe(false);
    }
  });
});
