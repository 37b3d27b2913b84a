import { beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../support/api';
import { adminDb, appUrl, createUser, latestCode, newPhoneNumber } from '../support/emulators';

beforeAll(async () => {
  // Fail fast, with a clear message, when the emulators are not up.
  const res = await fetch(`${await appUrl()}/api/user`);
  expect(res.status).toBe(401);
});

describe('GET /api/user', () => {
  it('answers 401 with a message when nobody is signed in', async () => {
    const res = await new ApiClient().get('/api/user');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Please sign in.' });
  });

  it('answers the signed-in person with id, names, email, phone, picture, createdAt, isAdmin and hasSubscription', async () => {
    const person = await createUser({ firstName: 'Ada', lastName: 'Lovelace' });
    const client = new ApiClient();
    expect((await client.signIn(person.phoneNumber)).status).toBe(200);

    const res = await client.get('/api/user');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: person.uid,
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: null,
      phoneNumber: person.phoneNumber,
      profilePictureUrl: null,
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      isAdmin: false,
      shareUsageData: true,
      hasSubscription: false,
    });
  });

  it('rejects a forged session cookie', async () => {
    const client = new ApiClient();
    client.cookie = '__session=not-a-real-session';
    expect((await client.get('/api/user')).status).toBe(401);
  });
});

describe('phone sign-in', () => {
  it('sets an HttpOnly SameSite=Strict session cookie and returns a custom token', async () => {
    const person = await createUser();
    const client = new ApiClient();
    const res = await client.signIn(person.phoneNumber);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: person.uid, needsOnboarding: false });
    expect(typeof res.body.customToken).toBe('string');
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^__session=/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
  });

  it('answers 404 "No account found" to a sign-in code request for an unknown number', async () => {
    const res = await new ApiClient().post('/api/auth/request-code', {
      phoneNumber: newPhoneNumber(),
      isSignUp: false,
    });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'No account found' });
  });

  it('answers 400 with the spec message for a number that is not E.164', async () => {
    const res = await new ApiClient().post('/api/auth/request-code', {
      phoneNumber: '555-0100',
      isSignUp: false,
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: 'Please enter a valid phone number in E.164 format (+1234567890).',
    });
  });

  it('answers 401 to a wrong code and still accepts the right one afterwards', async () => {
    const person = await createUser();
    const client = new ApiClient();
    await client.post('/api/auth/request-code', { phoneNumber: person.phoneNumber });
    const code = await latestCode(person.phoneNumber);
    const wrong = code === '000000' ? '111111' : '000000';
    const bad = await client.post('/api/auth/verify', {
      phoneNumber: person.phoneNumber,
      code: wrong,
    });
    expect(bad.status).toBe(401);
    expect(bad.body).toEqual({ message: 'Invalid verification code. Please try again.' });
    const good = await client.post('/api/auth/verify', { phoneNumber: person.phoneNumber, code });
    expect(good.status).toBe(200);
  });

  it('answers 410 to a code used after it expired', async () => {
    const person = await createUser();
    const client = new ApiClient();
    await client.post('/api/auth/request-code', { phoneNumber: person.phoneNumber });
    await adminDb
      .doc(`phoneVerifications/${person.phoneNumber}`)
      .update({ expiresAt: new Date(Date.now() - 1000) });
    const res = await client.post('/api/auth/verify', {
      phoneNumber: person.phoneNumber,
      code: await latestCode(person.phoneNumber),
    });
    expect(res.status).toBe(410);
    expect(res.body).toEqual({ message: 'Verification code expired. Please request a new code.' });
  });

  it('answers 429 once a number has asked for too many codes', async () => {
    const person = await createUser();
    const client = new ApiClient();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push(
        (await client.post('/api/auth/request-code', { phoneNumber: person.phoneNumber })).status,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('limits code requests for unknown numbers too, so accounts cannot be listed quickly', async () => {
    const client = new ApiClient();
    const unknown = newPhoneNumber();
    const sameNumber: number[] = [];
    for (let i = 0; i < 6; i++) {
      sameNumber.push(
        (await client.post('/api/auth/request-code', { phoneNumber: unknown })).status,
      );
    }
    expect(sameNumber).toEqual([404, 404, 404, 404, 404, 429]);

    // Another client probing many numbers: 30 per hour, then 429 whatever the number.
    const prober = new ApiClient();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      statuses.push(
        (await prober.post('/api/auth/request-code', { phoneNumber: newPhoneNumber() })).status,
      );
    }
    expect(statuses.slice(0, 30).every((status) => status === 404)).toBe(true);
    expect(statuses[30]).toBe(429);
  });

  it('limits verify calls without a code, so its 404 cannot list accounts quickly', async () => {
    const prober = new ApiClient();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const res = await prober.post('/api/auth/verify', {
        phoneNumber: newPhoneNumber(),
        code: '123456',
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 30).every((status) => status === 404)).toBe(true);
    expect(statuses[30]).toBe(429);
  });

  it('logout revokes the session so the old cookie no longer works', async () => {
    const person = await createUser();
    const client = new ApiClient();
    await client.signIn(person.phoneNumber);
    const stolen = client.cookie;
    // Firebase compares revocation times in whole seconds: a session must be older than the
    // second in which it is revoked to be cut off.
    await new Promise((r) => setTimeout(r, 1100));
    expect((await client.post('/api/auth/logout')).status).toBe(200);
    expect(client.cookie).toBeUndefined();
    const replay = new ApiClient();
    replay.cookie = stolen;
    expect((await replay.get('/api/user')).status).toBe(401);
  });

  it('refuses a state-changing call whose Origin is another site', async () => {
    const person = await createUser();
    const client = new ApiClient();
    await client.signIn(person.phoneNumber);
    const res = await client.post('/api/auth/logout', {}, { Origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect((await client.get('/api/user')).status).toBe(200);
  });
});
