import { describe, expect, it } from 'vitest';
import {
  deleteAccountSchema,
  displayPhoneNumber,
  makeAdminSchema,
  parsePeopleSearch,
} from './admin';

describe('parsePeopleSearch', () => {
  it('reads a phone number in any format as E.164 (US by default)', () => {
    for (const typed of [
      '(650) 555-0101',
      '650.555.0101',
      '6505550101',
      '+1 650 555 0101',
      '1-650-555-0101',
    ]) {
      expect(parsePeopleSearch(typed)).toEqual({ kind: 'phone', phoneNumber: '+16505550101' });
    }
    expect(parsePeopleSearch('+44 20 7946 0958')).toEqual({
      kind: 'phone',
      phoneNumber: '+442079460958',
    });
  });

  it('reads an email (lower-cased) and names', () => {
    expect(parsePeopleSearch(' Maya@Example.com ')).toEqual({
      kind: 'email',
      email: 'maya@example.com',
    });
    expect(parsePeopleSearch('maya  chen')).toEqual({ kind: 'name', words: ['maya', 'chen'] });
    // Too few digits for a number: a name search.
    expect(parsePeopleSearch('12')).toEqual({ kind: 'name', words: ['12'] });
  });
});

describe('admin forms', () => {
  it('wants the word DELETE, exactly, to delete an account', () => {
    expect(deleteAccountSchema.safeParse({ confirmation: 'DELETE' }).success).toBe(true);
    expect(deleteAccountSchema.safeParse({ confirmation: 'delete' }).success).toBe(false);
    expect(deleteAccountSchema.safeParse({}).success).toBe(false);
  });

  it('wants a usable username and a long password for an admin login', () => {
    expect(makeAdminSchema.safeParse({ username: 'sam', password: 'twelve chars' }).success).toBe(
      true,
    );
    expect(makeAdminSchema.safeParse({ username: 's m', password: 'twelve chars' }).success).toBe(
      false,
    );
    expect(makeAdminSchema.safeParse({ username: 'sam', password: 'short' }).success).toBe(false);
  });

  it('shows stored numbers in international format', () => {
    expect(displayPhoneNumber('+16505550101')).toBe('+1 650 555 0101');
    expect(displayPhoneNumber(null)).toBeNull();
  });
});
