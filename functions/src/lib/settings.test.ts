import { describe, expect, it } from 'vitest';
import { enabledServices, parseProductionSettings, requireProductionSettings } from './settings';

const required = { APP_ORIGIN: 'https://moments.example/', WEB_API_KEY: 'key' };
const stripe = {
  STRIPE_SECRET_KEY: 'sk',
  STRIPE_WEBHOOK_SECRET: 'whsec',
  STRIPE_PRICE_MONTHLY: 'price_m',
  STRIPE_PRICE_YEARLY: 'price_y',
};

describe('production settings', () => {
  it('accepts the two required settings alone, services off', () => {
    const result = parseProductionSettings(required);
    expect(result).toMatchObject({ ok: true, settings: { APP_ORIGIN: 'https://moments.example' } });
    if (result.ok) {
      expect(enabledServices(result.settings)).toEqual({
        stripe: false,
        apple: false,
        analytics: false,
        appCheck: false,
      });
    }
  });

  it('names every missing required setting at once', () => {
    expect(() => requireProductionSettings({ APP_ORIGIN: ' ' })).toThrow(
      /APP_ORIGIN is required: the address people open the app at[\s\S]*WEB_API_KEY is required/,
    );
  });

  it('takes APP_URL, the older name, for the origin', () => {
    expect(parseProductionSettings({ APP_URL: 'https://m.example', WEB_API_KEY: 'k' }).ok).toBe(
      true,
    );
  });

  it('refuses a half-configured service, naming what is missing', () => {
    const partial = { ...stripe, STRIPE_PRICE_YEARLY: undefined };
    expect(parseProductionSettings({ ...required, ...partial })).toEqual({
      ok: false,
      problems: [
        expect.stringMatching(/^STRIPE_PRICE_YEARLY is required when Stripe is on/),
      ],
    });
    expect(parseProductionSettings({ ...required, ...stripe }).ok).toBe(true);
    expect(parseProductionSettings({ ...required, APPLE_TEAM_ID: 'T' })).toMatchObject({
      ok: false,
      problems: [/APPLE_CLIENT_ID/, /APPLE_KEY_ID/, /APPLE_PRIVATE_KEY/].map((re) =>
        expect.stringMatching(re),
      ),
    });
  });

  it('refuses malformed values', () => {
    const result = parseProductionSettings({
      ...required,
      APP_ORIGIN: 'moments.example',
      ANALYTICS_API_HOST: 'ftp://x',
      CLIENT_ADDRESS_HOPS: '0',
      APP_CHECK_REQUIRED: 'yes',
    });
    expect(result.ok ? [] : result.problems.map((p) => p.split(' ')[0])).toEqual([
      'APP_ORIGIN',
      'ANALYTICS_API_HOST',
      'APP_CHECK_REQUIRED',
      'CLIENT_ADDRESS_HOPS',
    ]);
  });
});
