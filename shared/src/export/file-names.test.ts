import { describe, expect, it } from 'vitest';
import { momentExportName, safeName, uniqueNames } from './file-names';

describe('export file names', () => {
  it('drops emoji and turns path and Windows-forbidden characters into dashes', () => {
    expect(safeName('🎉 Party 👨‍👩‍👧 at Mom/Dad’s: "50"?')).toBe('Party at Mom-Dad’s- -50-');
    expect(safeName('a\\b<c>d|e*f\u0007g')).toBe('a-b-c-d-e-f-g');
  });

  it('never gives a Windows reserved device name, with or without extension', () => {
    expect(safeName('CON')).toBe('CON_');
    expect(safeName('com1.txt')).toBe('com1.txt_');
    expect(safeName('Console')).toBe('Console');
  });

  it('has no trailing dots or spaces, and a fallback when nothing is left', () => {
    expect(safeName('Trip...  ')).toBe('Trip');
    expect(safeName('🎉🎉')).toBe('Moment');
    expect(safeName('..')).toBe('Moment');
  });

  it('stays under 120 bytes of UTF-8 without splitting a character', () => {
    const name = safeName('é'.repeat(300));
    expect(new TextEncoder().encode(name).length).toBeLessThanOrEqual(120);
    expect(name).toBe('é'.repeat(60));
  });

  it('adds the start day to the title', () => {
    expect(momentExportName('Lake / week', new Date(2024, 4, 1, 12))).toBe(
      'Lake - week 2024-05-01',
    );
  });

  it('makes names unique ignoring case', () => {
    expect(uniqueNames(['Trip', 'trip', 'Trip'])).toEqual(['Trip', 'trip (2)', 'Trip (3)']);
  });
});
