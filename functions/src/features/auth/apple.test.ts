import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appleSubFor,
  approveAtStandIn,
  startAppleStandIn,
} from '../../../../scripts/apple-stand-in.mjs';
import { AppleSignInError, appleIdentityForCode, readAppleConfig, type AppleConfig } from './apple';

const REDIRECT_URI = 'http://app.test/auth/apple-callback';

describe('readAppleConfig', () => {
  const base = {
    APPLE_CLIENT_ID: 'com.example.web',
    APPLE_TEAM_ID: 'TEAM',
    APPLE_KEY_ID: 'KEY',
    APPLE_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----\\nabc\\n-----END PRIVATE KEY-----',
  };

  it('is off until the client id, team id, key id and key are all set', () => {
    expect(readAppleConfig({})).toBeUndefined();
    expect(readAppleConfig({ ...base, APPLE_KEY_ID: '' })).toBeUndefined();
  });

  it("defaults to Apple's endpoints and restores the key's line breaks", () => {
    expect(readAppleConfig(base)).toEqual({
      clientId: 'com.example.web',
      teamId: 'TEAM',
      keyId: 'KEY',
      privateKey: '-----BEGIN PRIVATE KEY-----\nabc\n-----END PRIVATE KEY-----',
      authorizeUrl: 'https://appleid.apple.com/auth/authorize',
      tokenUrl: 'https://appleid.apple.com/auth/token',
      jwksUrl: 'https://appleid.apple.com/auth/keys',
    });
  });

  it('takes other endpoints (the local stand-in)', () => {
    const config = readAppleConfig({ ...base, APPLE_TOKEN_URL: 'http://127.0.0.1:1/auth/token' });
    expect(config?.tokenUrl).toBe('http://127.0.0.1:1/auth/token');
  });
});

describe('code exchange against the stand-in', () => {
  let standIn: { url: string; close(): Promise<void> };
  let config: AppleConfig;

  beforeAll(async () => {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const app = { clientId: 'com.example.web', teamId: 'TEAM123', keyId: 'KEY123' };
    standIn = await startAppleStandIn({ ...app, publicKey });
    config = {
      ...app,
      privateKey: privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
      authorizeUrl: `${standIn.url}/auth/authorize`,
      tokenUrl: `${standIn.url}/auth/token`,
      jwksUrl: `${standIn.url}/auth/keys`,
    };
  });
  afterAll(() => standIn?.close());

  async function code(extra: Partial<Parameters<typeof approveAtStandIn>[1]> = {}) {
    const back = await approveAtStandIn(config.authorizeUrl, {
      client_id: config.clientId,
      redirect_uri: REDIRECT_URI,
      state: 's1',
      apple_id: 'ada@example.com',
      ...extra,
    });
    expect(back.searchParams.get('state')).toBe('s1');
    return back.searchParams.get('code') ?? '';
  }

  async function failure(promise: Promise<unknown>) {
    const error = await promise.then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(error).toBeInstanceOf(AppleSignInError);
    return (error as AppleSignInError).stage;
  }

  it('answers who signed in, with the email only when that scope was granted', async () => {
    expect(await appleIdentityForCode(config, await code(), REDIRECT_URI)).toEqual({
      sub: appleSubFor('ada@example.com'),
    });
    expect(
      await appleIdentityForCode(config, await code({ scope: 'email' }), REDIRECT_URI),
    ).toEqual({ sub: appleSubFor('ada@example.com'), email: 'ada@example.com' });
  });

  it('refuses a code that is unknown, used twice, or for another return page', async () => {
    expect(await failure(appleIdentityForCode(config, 'made-up', REDIRECT_URI))).toBe('exchange');
    const once = await code();
    await appleIdentityForCode(config, once, REDIRECT_URI);
    expect(await failure(appleIdentityForCode(config, once, REDIRECT_URI))).toBe('exchange');
    const elsewhere = await code();
    expect(
      await failure(
        appleIdentityForCode(config, elsewhere, 'http://evil.test/auth/apple-callback'),
      ),
    ).toBe('exchange');
  });

  it('is refused by Apple when the client secret is signed with another key', async () => {
    const other = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
    const impostor = {
      ...config,
      privateKey: other.export({ format: 'pem', type: 'pkcs8' }).toString(),
    };
    expect(await failure(appleIdentityForCode(impostor, await code(), REDIRECT_URI))).toBe(
      'exchange',
    );
  });

  it.each(['foreign-key', 'wrong-audience', 'wrong-issuer', 'expired'] as const)(
    'refuses an identity token with a %s',
    async (fault) => {
      expect(await failure(appleIdentityForCode(config, await code({ fault }), REDIRECT_URI))).toBe(
        'token',
      );
    },
  );
});
