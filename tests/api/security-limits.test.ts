// Limits an attacker must not get around: the client address comes from the hop Google's front
// end appends (spoofed entries change nothing), and every counter guarding a secret is taken in
// a transaction before the secret is compared (a burst of N guesses costs N tries).
import { readFileSync } from 'node:fs';
import { REQUEST_ERRORS, VERIFY_ERRORS } from '@moments/shared';
import { describe, expect, it } from 'vitest';
import { ApiClient } from '../support/api';
import {
  adminDb,
  createUser,
  forwardedFor,
  latestCode,
  newPhoneNumber,
} from '../support/emulators';

/** A code that is not `code`. */
const wrongFor = (code: string) => (code === '000000' ? '111111' : '000000');

describe('the client address', () => {
  it('is the front end’s hop: writing X-Forwarded-For gives no fresh allowance', async () => {
    const client = new ApiClient();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      // Each request claims to come from another address, to the left of the real one.
      const spoofed = `203.0.113.${i}, 198.51.100.${i}`;
      const res = await client.post(
        '/api/auth/request-code',
        { phoneNumber: newPhoneNumber(), isSignUp: false },
        { 'X-Forwarded-For': forwardedFor(client.clientAddress, spoofed) },
      );
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 30).every((status) => status === 404)).toBe(true);
    expect(statuses[30]).toBe(429);
  });

  it('keeps check-user limited whatever the header says', async () => {
    const client = new ApiClient();
    let last = 0;
    for (let i = 0; i < 61; i++) {
      const res = await client.post(
        '/api/auth/check-user',
        { phoneNumber: newPhoneNumber() },
        { 'X-Forwarded-For': forwardedFor(client.clientAddress, `192.0.2.${i % 250}`) },
      );
      last = res.status;
      if (i < 60) expect(res.status).toBe(404);
    }
    expect(last).toBe(429);
  });

  it('survives a huge or malformed header, and the limit document id stays short', async () => {
    const client = new ApiClient();
    for (const spoofed of ['x'.repeat(1600), '999.1.1.1', 'a,b,,c;DROP']) {
      const res = await client.post(
        '/api/auth/check-user',
        { phoneNumber: newPhoneNumber() },
        { 'X-Forwarded-For': forwardedFor(client.clientAddress, spoofed) },
      );
      expect(res.status).toBe(404);
    }
    // A header that is nothing but junk: the request still gets an answer, not a 500.
    const junk = await client.post(
      '/api/auth/check-user',
      { phoneNumber: newPhoneNumber() },
      { 'X-Forwarded-For': 'y'.repeat(1600) },
    );
    expect(junk.status).toBe(404);
    const limits = await adminDb.collection('rateLimits').select('expiresAt').get();
    expect(limits.size).toBeGreaterThan(0);
    for (const doc of limits.docs) {
      expect(doc.id).toMatch(/^[a-z-]+-[0-9a-f]{32}$/);
      expect(doc.get('expiresAt')).toBeDefined();
    }
  });

  it('limit documents expire: firestore.indexes.json turns on TTL for expiresAt', () => {
    const indexes = JSON.parse(readFileSync('firestore.indexes.json', 'utf8')) as {
      fieldOverrides: { collectionGroup: string; fieldPath: string; ttl?: boolean }[];
    };
    const ttl = indexes.fieldOverrides.filter((o) => o.ttl && o.fieldPath === 'expiresAt');
    // adminSessions and dailyActive: the admin dashboard's idle stamps and activity stamps;
    // uploadClaims: the claims an interrupted upload leaves.
    expect(ttl.map((o) => o.collectionGroup).sort()).toEqual([
      'adminLoginAttempts',
      'adminSessions',
      'dailyActive',
      'passkeyChallenges',
      'phoneVerifications',
      'rateLimits',
      'uploadClaims',
    ]);
  });
});

describe('wrong codes', () => {
  it('a burst of N parallel wrong codes costs N tries', async () => {
    const person = await createUser();
    const client = new ApiClient();
    await client.post('/api/auth/request-code', { phoneNumber: person.phoneNumber });
    const code = await latestCode(person.phoneNumber);
    const burst = await Promise.all(
      Array.from({ length: 4 }, () =>
        client.post('/api/auth/verify', { phoneNumber: person.phoneNumber, code: wrongFor(code) }),
      ),
    );
    expect(burst.map((r) => r.status)).toEqual([401, 401, 401, 401]);
    const pending = await adminDb.doc(`phoneVerifications/${person.phoneNumber}`).get();
    expect(pending.get('attempts')).toBe(4);
    // The fifth try is still allowed: the right code signs in.
    const good = await client.post('/api/auth/verify', { phoneNumber: person.phoneNumber, code });
    expect(good.status).toBe(200);
  });

  it('after the cap, the rest of the burst and the right code are refused, without a 500', async () => {
    const person = await createUser();
    const client = new ApiClient();
    await client.post('/api/auth/request-code', { phoneNumber: person.phoneNumber });
    const code = await latestCode(person.phoneNumber);
    // More than the cap at once (kept small: the Functions emulator starts a process for each
    // request in flight).
    const burst = await Promise.all(
      Array.from({ length: 7 }, () =>
        client.post('/api/auth/verify', { phoneNumber: person.phoneNumber, code: wrongFor(code) }),
      ),
    );
    const statuses = burst.map((r) => r.status).sort();
    expect(statuses).toEqual([401, 401, 401, 401, 401, 410, 410]);
    const pending = await adminDb.doc(`phoneVerifications/${person.phoneNumber}`).get();
    expect(pending.get('attempts')).toBe(5);
    const right = await client.post('/api/auth/verify', { phoneNumber: person.phoneNumber, code });
    expect(right.status).toBe(410);
    expect(right.body).toEqual({ message: VERIFY_ERRORS.expired });
    expect((await client.get('/api/user')).status).toBe(401);
  }, 90_000);
});

describe("someone else's number", () => {
  it("asking again does not replace the owner's pending code", async () => {
    const person = await createUser();
    const owner = new ApiClient();
    const first = await owner.post('/api/auth/request-code', { phoneNumber: person.phoneNumber });
    expect(first.status).toBe(200);
    const code = await latestCode(person.phoneNumber);

    const stranger = new ApiClient();
    const again = await stranger.post('/api/auth/request-code', {
      phoneNumber: person.phoneNumber,
    });
    expect(again.status).toBe(200);
    expect(again.body.expiresInSeconds).toBeLessThanOrEqual(600);
    expect(await latestCode(person.phoneNumber)).toBe(code);
    const signedIn = await owner.post('/api/auth/verify', {
      phoneNumber: person.phoneNumber,
      code,
    });
    expect(signedIn.status).toBe(200);
  });

  it("a stranger's requests cannot lock the owner out from their own network", async () => {
    const person = await createUser();
    const stranger = new ApiClient();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await stranger.post('/api/auth/request-code', {
        phoneNumber: person.phoneNumber,
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(
      (await stranger.post('/api/auth/request-code', { phoneNumber: person.phoneNumber })).body,
    ).toEqual({
      message: REQUEST_ERRORS.tooManyAttempts,
    });
    const owner = new ApiClient();
    expect((await owner.signIn(person.phoneNumber)).status).toBe(200);
  });

  it("a second sign-up for the same number cannot change the first person's details", async () => {
    const phoneNumber = newPhoneNumber();
    const first = new ApiClient();
    const signup = (client: ApiClient, firstName: string) =>
      client.post('/api/auth/signup', {
        phoneNumber,
        firstName,
        lastName: 'L',
        email: `${firstName.toLowerCase()}@example.com`,
        termsAccepted: true,
      });
    expect((await signup(first, 'Rightful')).status).toBe(200);
    expect((await signup(new ApiClient(), 'Meddler')).status).toBe(200);
    const verified = await first.post('/api/auth/verify', {
      phoneNumber,
      code: await latestCode(phoneNumber),
    });
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ firstName: 'Rightful', email: 'rightful@example.com' });
  });
});
