import { describe, expect, it } from 'vitest';
import { clientIdSchema, idSchema } from './ids';

describe('idSchema', () => {
  it('accepts Firestore auto-ids and Firebase Auth uids', () => {
    expect(idSchema.parse('Xk3v9QpL2mN8rT5wY1zA')).toBe('Xk3v9QpL2mN8rT5wY1zA');
    expect(idSchema.safeParse('a'.repeat(128)).success).toBe(true);
  });

  it.each([
    ['empty', ''],
    ['a path', 'journals/abc'],
    ['a dot', '.'],
    ['two dots', '..'],
    ['a reserved name', '__name__'],
    ['too long', 'a'.repeat(129)],
    ['a number (the spec source used numeric ids)', 42],
  ])('refuses %s', (_label, value) => {
    const result = idSchema.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['Invalid id']);
  });
});

describe('clientIdSchema', () => {
  it('takes a UUID and refuses short, long or path-like ids', () => {
    expect(clientIdSchema.safeParse('0b6f9a3e-4c1d-4b8e-9f2a-7d5c3e1a9b00').success).toBe(true);
    expect(clientIdSchema.safeParse('short').success).toBe(false);
    expect(clientIdSchema.safeParse('a'.repeat(65)).success).toBe(false);
    expect(clientIdSchema.safeParse('abcdefgh/ijklmnopq').success).toBe(false);
  });

  it('refuses the names Firestore reserves (__name__), which it would not store', () => {
    const reserved = clientIdSchema.safeParse('__abcdefghijklmnop__');
    expect(reserved.error?.issues.map((issue) => issue.message)).toEqual(['Invalid id']);
    expect(clientIdSchema.safeParse('__abcdefghijklmnop_').success).toBe(true);
  });
});
