import { describe, expect, it } from 'vitest';
import {
  DEFAULT_COUNTRY_CODE,
  formatPhoneInput,
  isValidPhoneNumber,
  normalizePhoneNumber,
} from './phone';

describe('formatPhoneInput', () => {
  it('formats a US number as (xxx) xxx-xxxx', () => {
    expect(formatPhoneInput('4155552671')).toBe('(415) 555-2671');
  });

  it('formats progressively while typing', () => {
    const typed = ['4', '41', '415', '4155', '41555', '415555', '4155552', '41555526', '415555267'];
    expect(typed.map(formatPhoneInput)).toEqual([
      '4',
      '41',
      '415',
      '(415) 5',
      '(415) 55',
      '(415) 555',
      '(415) 555-2',
      '(415) 555-26',
      '(415) 555-267',
    ]);
  });

  it('reformats text that is already formatted, or typed with other punctuation', () => {
    expect(formatPhoneInput('(415) 555-2671')).toBe('(415) 555-2671');
    expect(formatPhoneInput('415.555.2671')).toBe('(415) 555-2671');
    expect(formatPhoneInput('(415) 55')).toBe('(415) 55');
  });

  it('lets backspace erase the area code (no parentheses around 3 digits)', () => {
    expect(formatPhoneInput('(415) ')).toBe('415');
    expect(formatPhoneInput('(415')).toBe('415');
  });

  it('ignores letters', () => {
    expect(formatPhoneInput('41a5')).toBe('415');
  });

  it('keeps the US country prefix 1 and international numbers typed with +', () => {
    expect(formatPhoneInput('14155552671')).toBe('1 (415) 555-2671');
    expect(formatPhoneInput('+14155552671')).toBe('+1 415 555 2671');
    expect(formatPhoneInput('+442079460958')).toBe('+44 20 7946 0958');
  });

  it('leaves an empty field empty', () => {
    expect(formatPhoneInput('')).toBe('');
  });
});

describe('normalizePhoneNumber', () => {
  it('keeps a number that starts with +, without its punctuation', () => {
    expect(normalizePhoneNumber('+44 20 7946 0958')).toBe('+442079460958');
    expect(normalizePhoneNumber(' +1 (415) 555-2671 ')).toBe('+14155552671');
  });

  it('gives 10 digits +1', () => {
    expect(normalizePhoneNumber('(415) 555-2671')).toBe('+14155552671');
  });

  it('gives 11 digits starting with 1 a +', () => {
    expect(normalizePhoneNumber('1 (415) 555-2671')).toBe('+14155552671');
  });

  it('gives fewer than 10 digits +1', () => {
    expect(normalizePhoneNumber('555-2671')).toBe('+15552671');
    expect(normalizePhoneNumber('415 555 267')).toBe('+1415555267');
  });

  it('gives 11 digits not starting with 1, and longer numbers, a +', () => {
    expect(normalizePhoneNumber('44 2079 460958')).toBe('+442079460958');
    expect(normalizePhoneNumber('21234567890')).toBe('+21234567890');
  });

  it('turns what formatPhoneInput shows back into E.164', () => {
    expect(normalizePhoneNumber(formatPhoneInput('4155552671'))).toBe('+14155552671');
    expect(normalizePhoneNumber(formatPhoneInput('14155552671'))).toBe('+14155552671');
    expect(normalizePhoneNumber(formatPhoneInput('+442079460958'))).toBe('+442079460958');
  });
});

describe('isValidPhoneNumber', () => {
  it('accepts real numbers in E.164', () => {
    expect(isValidPhoneNumber('+14155552671')).toBe(true);
    expect(isValidPhoneNumber('+442079460958')).toBe(true);
  });

  it('refuses numbers that are well-formed but not dialable, and national numbers', () => {
    expect(isValidPhoneNumber('+1234567890')).toBe(false);
    expect(isValidPhoneNumber('+15555555555')).toBe(false);
    expect(isValidPhoneNumber('4155552671')).toBe(false);
    expect(isValidPhoneNumber('')).toBe(false);
  });
});

it('defaults to the US country code', () => {
  expect(DEFAULT_COUNTRY_CODE).toBe('+1');
});
