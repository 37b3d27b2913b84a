// Sessions that carry rights: admin rights only from the admin login, short-lived, gone at once
// on demotion; the admin lockout that neither races nor tells which usernames exist; logout.
import { randomUUID } from 'node:crypto';
import { ADMIN_LOGIN_ERRORS } from '@moments/shared';
import { describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createAdmin, tryAdminLogin } from '../support/admin';
import { ApiClient } from '../support/api';
import { adminAuth, createUser, signInWithCustomToken } from '../support/emulators';

/** The Firebase session cookie inside the `__session` cookie a client keeps. */
function firebaseSessionOf(client: ApiClient): string {
  const value = decodeURIComponent((client.cookie ?? '').replace(/^__session=/, ''));
  return new URLSearchParams(value).get('s') ?? '';
}

describe('admin rights', () => {
  it('an SMS sign-in of an admin is an ordinary session; the admin login is a short one', async () => {
    const admin = await createAdmin();
    const bySms = new ApiClient();
    const sms = await bySms.signIn(admin.phoneNumber);
    expect(sms.status).toBe(200);
    expect(
      (await signInWithCustomToken(sms.body.customToken as string)).adminLogin,
    ).toBeUndefined();
    const smsSession = await adminAuth.verifySessionCookie(firebaseSessionOf(bySms));
    expect(smsSession.adminLogin).toBeUndefined();
    // Nothing is set on the account itself.
    expect((await adminAuth.getUser(admin.uid)).customClaims ?? {}).toEqual({});

    const byLogin = new ApiClient();
    const res = await tryAdminLogin(byLogin, admin.username, ADMIN_PASSWORD);
    expect(res.status).toBe(200);
    expect((await signInWithCustomToken(res.body.customToken as string)).adminLogin).toBe(true);
    const adminSession = await adminAuth.verifySessionCookie(firebaseSessionOf(byLogin));
    expect(adminSession.adminLogin).toBe(true);
    expect(adminSession.exp - adminSession.iat).toBe(60 * 60);
  });

  it('removing isAdmin ends the admin session at once', async () => {
    const admin = await createAdmin();
    const client = new ApiClient();
    expect((await tryAdminLogin(client, admin.username, ADMIN_PASSWORD)).status).toBe(200);
    expect((await client.get('/api/user')).status).toBe(200);
    // The function's own demotion path (after the test's Admin SDK app exists, which it reuses).
    const { setAdmin } = await import('../../functions/src/features/auth/users');
    await setAdmin(admin.uid, false);
    expect((await client.get('/api/user')).status).toBe(401);
    expect((await tryAdminLogin(new ApiClient(), admin.username, ADMIN_PASSWORD)).status).toBe(401);
  });
});

describe('the admin lockout', () => {
  it('a burst after 4 failures is checked once; that address is then refused the right password', async () => {
    const { username } = await createAdmin();
    const client = new ApiClient();
    for (let i = 0; i < 4; i++)
      expect((await tryAdminLogin(client, username, 'wrong')).status).toBe(401);
    // Several at once (kept small: the Functions emulator starts a process for each request in
    // flight): only the fifth try is compared, the rest are refused unchecked.
    const burst = await Promise.all(
      Array.from({ length: 6 }, (_, i) => tryAdminLogin(client, username, `wrong-${i}`)),
    );
    const statuses = burst.map((r) => r.status).sort();
    expect(statuses).toEqual([401, 423, 423, 423, 423, 423]);
    // The lock is this address's (security-round2-signin.test.ts: the username's own lock).
    const right = await tryAdminLogin(client, username, ADMIN_PASSWORD);
    expect(right.status).toBe(423);
    expect(right.body).toEqual({ message: ADMIN_LOGIN_ERRORS.locked });
  }, 90_000);

  it('an unknown username answers and locks exactly like a real one', async () => {
    const { username } = await createAdmin();
    const unknown = `nobody-${randomUUID().slice(0, 8)}`;
    const answers = async (name: string) => {
      const client = new ApiClient();
      const out: { status: number; body: unknown; ms: number }[] = [];
      for (let i = 0; i < 6; i++) {
        const started = performance.now();
        const res = await tryAdminLogin(client, name, 'wrong');
        out.push({ status: res.status, body: res.body, ms: performance.now() - started });
      }
      return out;
    };
    const real = await answers(username);
    const fake = await answers(unknown);
    expect(fake.map(({ status, body }) => ({ status, body }))).toEqual(
      real.map(({ status, body }) => ({ status, body })),
    );
    expect(real.map((a) => a.status)).toEqual([401, 401, 401, 401, 401, 423]);
    // Both pay for a password hash: the unknown one is not answered several times faster.
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const realMs = median(real.slice(0, 5).map((a) => a.ms));
    const fakeMs = median(fake.slice(0, 5).map((a) => a.ms));
    expect(fakeMs).toBeGreaterThan(realMs * 0.4);
  }, 90_000);
});

describe('logout', () => {
  it('revokes a session started in the same second', async () => {
    const person = await createUser();
    const client = new ApiClient();
    expect((await client.signIn(person.phoneNumber)).status).toBe(200);
    const stolen = client.cookie;
    expect((await client.post('/api/auth/logout')).status).toBe(200);
    const replay = new ApiClient();
    replay.cookie = stolen;
    expect((await replay.get('/api/user')).status).toBe(401);
  });
});
