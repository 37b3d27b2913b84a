import { formatPhoneInput } from '@moments/shared';

/** "+16505550101" as "(650) 555-0101"; numbers outside +1 in international form. */
export function displayPhone(e164: string): string {
  if (/^\+1\d{10}$/.test(e164)) return formatPhoneInput(e164.slice(2));
  return formatPhoneInput(e164);
}

const dateFormat = new Intl.DateTimeFormat(undefined, {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});

/** "Dec 6, 2026", or "" for an unreadable date. */
export function displayDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateFormat.format(date);
}
