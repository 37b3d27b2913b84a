// POST /api/auth/client-token: signs in a Firebase client SDK that has lost its own sign-in,
// from the session cookie (the web app's live Firestore reads need the SDK signed in).
import type { ClientTokenResponse } from '@moments/shared';
import { describe, expect, it } from 'vitest';
import { ApiClient } from '../support/api';
import { PROJECT_ID, adminAuth, createUser } from '../support/emulators';

/** What the client SDK does with the token: exchanges it for an ID token, then decoded. */
async function signInWithCustomToken(token: string) {
  const host = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  const res = await fetch(
    `http://${host}/identitytoolkit.googleapis.com/v1/accounts:signInWithCustomToken?key=demo-api-key`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ token, returnSecureToken: true }),
    },
  );
  expect(res.status).toBe(200);
  const { idToken } = (await res.json()) as { idToken: string };
  return adminAuth.verifyIdToken(idToken);
}

describe('POST /api/auth/client-token', () => {
  it("answers a custom token for the session's own user", async () => {
    const person = await createUser();
    const client = new ApiClient();
    await client.signIn(person.phoneNumber);
    const res = await client.post<ClientTokenResponse>('/api/auth/client-token');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('no-store');
    const decoded = await signInWithCustomToken(res.body.customToken);
    expect(decoded.uid).toBe(person.uid);
    expect(decoded.aud).toBe(PROJECT_ID);
    expect(decoded.admin).toBeUndefined();
  });

  it("carries an admin's claim, which the rules check", async () => {
    const admin = await createUser({ isAdmin: true });
    const client = new ApiClient();
    await client.signIn(admin.phoneNumber);
    const res = await client.post<ClientTokenResponse>('/api/auth/client-token');
    expect(res.status).toBe(200);
    expect((await signInWithCustomToken(res.body.customToken)).admin).toBe(true);
  });

  it('answers 401 without a session, and 403 to another site', async () => {
    const anonymous = await new ApiClient().post('/api/auth/client-token');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ message: 'Please sign in.' });

    const person = await createUser();
    const client = new ApiClient();
    await client.signIn(person.phoneNumber);
    const crossSite = await client.post(
      '/api/auth/client-token',
      {},
      { Origin: 'https://evil.example' },
    );
    expect(crossSite.status).toBe(403);
  });
});
