// Display formats of the moment screens: English month names and a 12- or 24-hour clock,
// written out here. Neither Intl.DateTimeFormat (the first formatter a page makes loads the
// browser's locale data, about 100 ms of a phone's main thread on the home screen's first render)
// nor date-fns's format (5 KB gzipped of parser and locale in /home's first code, for these three
// patterns).

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** The date, or null when it cannot be read. */
function readDate(date: Date | string | number): Date | null {
  const value = new Date(date);
  return Number.isNaN(value.getTime()) ? null : value;
}

/** getMonth() is 0 to 11: always one of them. */
const monthName = (value: Date) => MONTHS[value.getMonth()] ?? '';
const twoDigits = (n: number) => String(n).padStart(2, '0');
const year = (value: Date) => String(value.getFullYear()).padStart(4, '0');

/** "h:mm a": "2:07 PM", midnight "12:00 AM". */
function twelveHourClock(value: Date): string {
  const hours = value.getHours();
  return `${hours % 12 || 12}:${twoDigits(value.getMinutes())} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** "MMMM d, yyyy – h:mm a" (with an en dash), as timeline entries show their date. */
export const ENTRY_DATE_FORMAT = 'MMMM d, yyyy – h:mm a';

/**
 * A timeline entry's date in the viewer's time zone, e.g. "March 5, 2024 – 2:07 PM".
 * Accepts the API's ISO 8601 strings; an unreadable date gives "" rather than throwing.
 */
export function formatEntryDate(date: Date | string | number): string {
  const value = readDate(date);
  return value ? `${longDate(value)} – ${twelveHourClock(value)}` : '';
}

/** "MMMM d, yyyy": "March 5, 2024". */
function longDate(value: Date): string {
  return `${monthName(value)} ${value.getDate()}, ${year(value)}`;
}

/** A date written out, e.g. "November 12, 2026" ("" for an unreadable date). */
export function formatLongDate(date: Date | string | number): string {
  const value = readDate(date);
  return value ? longDate(value) : '';
}

/** "MMM d, yyyy", as moment cards and invites show a date. */
export const SHORT_DATE_FORMAT = 'MMM d, yyyy';

/** A date as cards show it, e.g. "Mar 5, 2024" ("" for an unreadable date). */
export function formatShortDate(date: Date | string | number): string {
  const value = readDate(date);
  if (!value) return '';
  return `${monthName(value).slice(0, 3)} ${value.getDate()}, ${year(value)}`;
}

/**
 * A time of day in the viewer's time zone: "14:02", or "2:02 PM" for a 12-hour clock ("" for an
 * unreadable date).
 */
export function formatClockTime(date: Date | string | number, hour12: boolean): string {
  const value = readDate(date);
  if (!value) return '';
  return hour12
    ? twelveHourClock(value)
    : `${twoDigits(value.getHours())}:${twoDigits(value.getMinutes())}`;
}

/** The avatar fallback: the first letter of each name, upper-cased ("" when both are missing). */
export function initials(firstName?: string | null, lastName?: string | null): string {
  return [firstName, lastName]
    .map((name) => Array.from(name?.trim() ?? '')[0] ?? '')
    .join('')
    .toUpperCase();
}
