import { describe, expect, it } from 'vitest';
import { LOCAL_ANALYTICS_TOKEN } from '../../scripts/analytics-stand-in.mjs';
import { ApiClient } from '../support/api';
import { adminDb, createUser, requireEnv } from '../support/emulators';

describe('GET /api/config/analytics', () => {
  it('answers anyone, uncached, with the token, the collector and replay at 0 %', async () => {
    const res = await new ApiClient().get('/api/config/analytics');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body).toEqual({
      token: LOCAL_ANALYTICS_TOKEN,
      apiHost: requireEnv('ANALYTICS_API_HOST'),
      recordSessionsPercent: 0,
      webVitalsPercent: 100,
    });
  });
});

describe('PATCH /api/user shareUsageData', () => {
  it('is on by default, and stored per person when turned off and on', async () => {
    const person = await createUser();
    const client = new ApiClient();
    await client.signIn(person.phoneNumber);
    expect((await client.get('/api/user')).body).toMatchObject({ shareUsageData: true });

    const off = await client.patch('/api/user', { shareUsageData: false });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ shareUsageData: false, firstName: person.firstName });
    expect((await adminDb.doc(`users/${person.uid}`).get()).get('shareUsageData')).toBe(false);
    expect((await client.get('/api/user')).body).toMatchObject({ shareUsageData: false });

    const on = await client.patch('/api/user', { shareUsageData: true });
    expect(on.body).toMatchObject({ shareUsageData: true });
  });

  it('refuses a value that is not a boolean', async () => {
    const person = await createUser();
    const client = new ApiClient();
    await client.signIn(person.phoneNumber);
    const res = await client.patch('/api/user', { shareUsageData: 'no' });
    expect(res.status).toBe(400);
  });
});
