import { describe, expect, it } from 'vitest';
import { malformedPathWord } from './path-ids';

describe('malformedPathWord', () => {
  it('passes route words and well-formed ids', () => {
    expect(malformedPathWord('/journals/Xk3v9QpL2mN8rT5wY1zA/images/abc/display')).toBeUndefined();
    expect(malformedPathWord('/users/uid-1/picture/profile-AbC_d-1.webp')).toBeUndefined();
    expect(malformedPathWord('/admin/people/')).toBeUndefined();
  });

  it.each([
    ['an encoded slash', '/journals/a%2Fb', 'a/b'],
    ['two dots', '/admin/people/%2E%2E', '..'],
    ['one dot', '/journals/./comments', '.'],
    ['a reserved name', '/journals/abc/images/__x__', '__x__'],
    ['a bad escape', '/journals/%E0%A4%A', '%E0%A4%A'],
    ['a word over 128 characters', `/journals/${'a'.repeat(129)}`, 'a'.repeat(129)],
  ])('finds %s', (_label, path, word) => {
    expect(malformedPathWord(path)).toBe(word);
  });
});
