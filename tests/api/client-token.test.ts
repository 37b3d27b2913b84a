// POST /api/auth/client-token: signs in a Firebase client SDK that has lost its own sign-in,
// from the session cookie (the web app's live Firestore reads need the SDK signed in).
import type { ClientTokenResponse } from '@moments/shared';
import { describe, expect, it } from 'vitest';
import { ApiClient } from '../support/api';
import {
  PROJECT_ID,
  createAdminCredentials,
  createUser,
  signInWithCustomToken,
} from '../support/emulators';

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
    expect(decoded.adminLogin).toBeUndefined();
  });

  it('never carries admin rights, not even for a session of the admin login', async () => {
    const admin = await createUser({ isAdmin: true });
    const bySms = new ApiClient();
    await bySms.signIn(admin.phoneNumber);
    const ordinary = await bySms.post<ClientTokenResponse>('/api/auth/client-token');
    expect(ordinary.status).toBe(200);
    expect((await signInWithCustomToken(ordinary.body.customToken)).adminLogin).toBeUndefined();

    await createAdminCredentials(admin.uid, `admin-${admin.uid.slice(0, 8)}`, 'right-password');
    const byAdminLogin = new ApiClient();
    const login = await byAdminLogin.post('/api/auth/admin/login', {
      username: `admin-${admin.uid.slice(0, 8)}`,
      password: 'right-password',
    });
    expect(login.status).toBe(200);
    expect((await signInWithCustomToken(login.body.customToken as string)).adminLogin).toBe(true);
    // Admin rights come only from the admin login itself (security-admin-rights.test.ts).
    const fresh = await byAdminLogin.post<ClientTokenResponse>('/api/auth/client-token');
    expect(fresh.status).toBe(200);
    expect((await signInWithCustomToken(fresh.body.customToken)).adminLogin).toBeUndefined();
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
