// Phone input helpers. Formatting and validity come from
// libphonenumber-js; only the normalisation rule, which the spec states digit by digit, is ours.

import {
  AsYouType,
  isValidPhoneNumber as isValidPhoneNumberInLibrary,
  type CountryCode,
} from 'libphonenumber-js';

export const DEFAULT_COUNTRY_CODE = '+1';
/** The country that numbers typed without a leading + belong to. */
export const DEFAULT_COUNTRY: CountryCode = 'US';

/**
 * Formats a phone field as the person types: US numbers as "(415) 555-2671", partial input
 * progressively ("(415) 55"). Input that starts with + is formatted as an international number.
 *
 * Up to 3 digits stay bare ("415", not "(415)"): otherwise deleting the ")" would reformat to
 * the same text and the person could never erase the area code with backspace.
 */
export function formatPhoneInput(raw: string): string {
  const international = raw.trimStart().startsWith('+');
  const digits = raw.replace(/\D/g, '');
  if (international) return new AsYouType().input(`+${digits}`);
  if (digits.length <= 3) return digits;
  return new AsYouType(DEFAULT_COUNTRY).input(digits);
}

/**
 * Turns what was typed into E.164: keep the digits and a leading +; a number
 * that starts with + is kept as is; 10 digits get +1; 11 digits starting with 1 get +; other
 * lengths get +1 when shorter than 10 digits and + otherwise. The result is not checked:
 * validate it with phoneNumberSchema or isValidPhoneNumber.
 */
export function normalizePhoneNumber(raw: string): string {
  const trimmed = raw.trim();
  const digits = trimmed.replace(/\D/g, '');
  if (trimmed.startsWith('+')) return `+${digits}`;
  if (digits.length === 10) return `${DEFAULT_COUNTRY_CODE}${digits}`;
  if (digits.length === 11 && digits.startsWith('1')) return `+${digits}`;
  return digits.length < 10 ? `${DEFAULT_COUNTRY_CODE}${digits}` : `+${digits}`;
}

/** Whether an international number (with its leading +, e.g. E.164) is a real, dialable one. */
export function isValidPhoneNumber(phoneNumber: string): boolean {
  return isValidPhoneNumberInLibrary(phoneNumber);
}
