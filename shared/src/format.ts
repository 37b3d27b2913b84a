// Display formats of the moment screens.

import { format, isValid } from 'date-fns';

/** "MMMM d, yyyy – h:mm a" (with an en dash), as timeline entries show their date. */
export const ENTRY_DATE_FORMAT = 'MMMM d, yyyy – h:mm a';

/**
 * A timeline entry's date in the viewer's time zone, e.g. "March 5, 2024 – 2:07 PM".
 * Accepts the API's ISO 8601 strings; an unreadable date gives "" rather than throwing.
 */
export function formatEntryDate(date: Date | string | number): string {
  const value = new Date(date);
  return isValid(value) ? format(value, ENTRY_DATE_FORMAT) : '';
}

/** "MMM d, yyyy", as moment cards and invites show a date. */
export const SHORT_DATE_FORMAT = 'MMM d, yyyy';

/**
 * A date as cards show it, e.g. "Mar 5, 2024" ("" for an unreadable date). date-fns rather
 * than Intl.DateTimeFormat: the first Intl formatter a page makes loads the browser's locale
 * data, about 100 ms of a phone's main thread on the home screen's first render.
 */
export function formatShortDate(date: Date | string | number): string {
  const value = new Date(date);
  return isValid(value) ? format(value, SHORT_DATE_FORMAT) : '';
}

/**
 * A time of day in the viewer's time zone: "14:02", or "2:02 PM" for a 12-hour clock ("" for an
 * unreadable date).
 */
export function formatClockTime(date: Date | string | number, hour12: boolean): string {
  const value = new Date(date);
  return isValid(value) ? format(value, hour12 ? 'h:mm a' : 'HH:mm') : '';
}

/** The avatar fallback: the first letter of each name, upper-cased ("" when both are missing). */
export function initials(firstName?: string | null, lastName?: string | null): string {
  return [firstName, lastName]
    .map((name) => Array.from(name?.trim() ?? '')[0] ?? '')
    .join('')
    .toUpperCase();
}
