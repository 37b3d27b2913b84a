// A photo's capture date: EXIF DateTimeOriginal, read on the device before the photo is shrunk
// (the shrinking drops metadata) and sent with the upload. EXIF keeps the camera's wall-clock
// time without a zone, so it travels as a local date-time ("2024-05-01T14:03:22") and is written
// back into the full-quality copy as it was read.
import { z } from 'zod';

export const CAPTURE_DATE_MESSAGE = 'The capture date must be a real date between 1900 and now';

/** Photography in any form a phone can upload is later than this. */
const EARLIEST_CAPTURE_YEAR = 1900;
/**
 * A wall-clock time is at most this far ahead of UTC (UTC+14, Line Islands): a local capture
 * date later than now plus this is in the future everywhere.
 */
const MAX_ZONE_AHEAD_MS = 14 * 60 * 60 * 1000;

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})$/;

/** The parts of a local date-time, or undefined when it is not one (e.g. February 30). */
/** Year, month (1–12), day, hour, minute, second. */
type DateTimeParts = [number, number, number, number, number, number];

export function captureDateParts(value: string): DateTimeParts | undefined {
  const match = LOCAL_DATE_TIME.exec(value);
  if (!match) return undefined;
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number) as DateTimeParts;
  const asUtc = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  const same =
    asUtc.getUTCFullYear() === year &&
    asUtc.getUTCMonth() === month - 1 &&
    asUtc.getUTCDate() === day &&
    asUtc.getUTCHours() === hour &&
    asUtc.getUTCMinutes() === minute &&
    asUtc.getUTCSeconds() === second;
  return same ? [year, month, day, hour, minute, second] : undefined;
}

/** Whether a local date-time could be when a photo uploaded now was taken. */
export function isPlausibleCaptureDate(value: string, now = Date.now()): boolean {
  const parts = captureDateParts(value);
  if (!parts) return false;
  const [year, month, day, hour, minute, second] = parts;
  if (year < EARLIEST_CAPTURE_YEAR) return false;
  return Date.UTC(year, month - 1, day, hour, minute, second) <= now + MAX_ZONE_AHEAD_MS;
}

/** The upload's `capturedAt` form field: the server refuses (400) anything else. */
export const captureDateSchema = z
  .string(CAPTURE_DATE_MESSAGE)
  .refine((value) => isPlausibleCaptureDate(value), CAPTURE_DATE_MESSAGE);

/** EXIF's "2024:05:01 14:03:22" as a local date-time, if it is a plausible capture date. */
export function captureDateFromExif(value: unknown, now = Date.now()): string | undefined {
  if (typeof value !== 'string') return undefined;
  const match = /^(\d{4}):(\d{2}):(\d{2}) (\d{2}):(\d{2}):(\d{2})/.exec(value.trim());
  if (!match) return undefined;
  const local = `${match[1]}-${match[2]}-${match[3]}T${match[4]}:${match[5]}:${match[6]}`;
  return isPlausibleCaptureDate(local, now) ? local : undefined;
}

/** A local date-time as EXIF writes it: "2024:05:01 14:03:22". */
export function captureDateToExif(value: string): string {
  return value.replace(/^(\d{4})-(\d{2})-(\d{2})T/, '$1:$2:$3 ');
}

/**
 * A local date-time as a Date whose local fields are that wall-clock time (what a ZIP entry's
 * DOS time records: ZIP tools show it as it was on the camera).
 */
export function captureDateAsLocalDate(value: string): Date | undefined {
  const parts = captureDateParts(value);
  if (!parts) return undefined;
  const [year, month, day, hour, minute, second] = parts;
  return new Date(year, month - 1, day, hour, minute, second);
}
