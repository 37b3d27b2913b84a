import { describe, expect, it } from 'vitest';
import { adminPasskeyRequired, readPasskeySite, rpIdCovers } from './passkey-site';
import { parseProductionSettings } from './settings';

const required = { APP_ORIGIN: 'https://app.moments.example', WEB_API_KEY: 'key' };

describe('the passkey site', () => {
  it("is APP_ORIGIN's host and origin unless PASSKEY_RP_ID names a parent domain", () => {
    expect(readPasskeySite(undefined, 'https://app.moments.example')).toEqual({
      rpId: 'app.moments.example',
      origin: 'https://app.moments.example',
    });
    expect(readPasskeySite('moments.example', 'https://app.moments.example')).toEqual({
      rpId: 'moments.example',
      origin: 'https://app.moments.example',
    });
    expect(() => readPasskeySite('evil.example', 'https://app.moments.example')).toThrow(
      /not app.moments.example nor a parent domain/,
    );
  });

  it('under the emulators, a loopback address becomes localhost (WebAuthn refuses IPs)', () => {
    expect(readPasskeySite(undefined, 'http://127.0.0.1:6050')).toEqual({
      rpId: 'localhost',
      origin: 'http://localhost:6050',
    });
  });

  it('an RP ID covers its own host and subdomains, nothing else', () => {
    expect(rpIdCovers('moments.example', 'moments.example')).toBe(true);
    expect(rpIdCovers('moments.example', 'app.moments.example')).toBe(true);
    expect(rpIdCovers('moments.example', 'evilmoments.example')).toBe(false);
  });

  it('the admin login asks for a passkey unless ADMIN_PASSKEY_REQUIRED is false', () => {
    expect(adminPasskeyRequired({})).toBe(true);
    expect(adminPasskeyRequired({ ADMIN_PASSKEY_REQUIRED: 'true' })).toBe(true);
    expect(adminPasskeyRequired({ ADMIN_PASSKEY_REQUIRED: 'false' })).toBe(false);
  });
});

describe('the deploy check of the passkey settings', () => {
  it('accepts no PASSKEY_RP_ID, or a parent domain of APP_ORIGIN', () => {
    expect(parseProductionSettings(required).ok).toBe(true);
    expect(parseProductionSettings({ ...required, PASSKEY_RP_ID: 'moments.example' }).ok).toBe(true);
  });

  it('refuses an RP ID that cannot serve APP_ORIGIN, an IP address, or a bad flag', () => {
    const problems = (env: Record<string, string>) => {
      const result = parseProductionSettings({ ...required, ...env });
      return result.ok ? [] : result.problems;
    };
    expect(problems({ PASSKEY_RP_ID: 'other.example' })).toEqual([
      expect.stringMatching(/^PASSKEY_RP_ID other.example cannot serve passkeys for app.moments.example/),
    ]);
    expect(problems({ APP_ORIGIN: 'https://10.0.0.1' })).toEqual([
      expect.stringMatching(/^PASSKEY_RP_ID 10.0.0.1 cannot serve passkeys/),
    ]);
    expect(problems({ ADMIN_PASSKEY_REQUIRED: 'yes' })).toEqual([
      expect.stringMatching(/^ADMIN_PASSKEY_REQUIRED/),
    ]);
  });
});
