import { formatPhoneInput } from '@moments/shared';

/** "+16505550101" as "(650) 555-0101"; numbers outside +1 in international form. */
export function displayPhone(e164: string): string {
  if (/^\+1\d{10}$/.test(e164)) return formatPhoneInput(e164.slice(2));
  return formatPhoneInput(e164);
}

/** "Dec 6, 2026", or "" for an unreadable date. */
export { formatShortDate as displayDate } from '@moments/shared';
