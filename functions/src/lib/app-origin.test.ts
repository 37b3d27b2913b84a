import { describe, expect, it } from 'vitest';
import { EMULATOR_APP_ORIGIN, MISSING_APP_ORIGIN, readAppOrigin } from './app-origin';

describe('readAppOrigin', () => {
  it('takes the configured address as an origin, without path or trailing slash', () => {
    expect(readAppOrigin({ APP_ORIGIN: 'https://moments.example/' }, false)).toBe(
      'https://moments.example',
    );
    expect(readAppOrigin({ APP_URL: 'https://moments.example/home' }, false)).toBe(
      'https://moments.example',
    );
    expect(readAppOrigin({ APP_ORIGIN: 'http://127.0.0.1:6050' }, true)).toBe(
      'http://127.0.0.1:6050',
    );
  });

  it('refuses to start in production without one, saying what to set', () => {
    expect(() => readAppOrigin({}, false)).toThrow(MISSING_APP_ORIGIN);
    expect(MISSING_APP_ORIGIN).toContain('APP_ORIGIN=https://');
  });

  it('keeps the Hosting emulator address as the default under the emulators', () => {
    expect(readAppOrigin({}, true)).toBe(EMULATOR_APP_ORIGIN);
  });

  it('refuses an address that is not http(s)', () => {
    expect(() => readAppOrigin({ APP_ORIGIN: 'moments.example' }, false)).toThrow(
      /not an address/,
    );
    expect(() => readAppOrigin({ APP_ORIGIN: 'javascript:alert(1)' }, false)).toThrow(/https/);
  });
});
