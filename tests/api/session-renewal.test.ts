// Silent renewal (issue 42): POST /api/auth/session/renew with the client SDK's current ID token
// replaces a session cookie more than seven days old with a fresh 14-day one, and nothing else.
// The clock here is the cookie's own: the Auth emulator signs nothing, so a test can hand the
// function a cookie whose `iat` says it was issued eight days ago, as a real one would after
// eight days, and the function verifies it as it verifies any cookie (revocation included).
import { AUTH_SERVER_MESSAGES, ACCOUNT_DISABLED_MESSAGE } from '@moments/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, expectApiUp } from '../support/api';
import { adminAuth, adminDb, createUser, idTokenFor, type TestUser } from '../support/emulators';

const DAY_S = 24 * 60 * 60;

beforeAll(expectApiUp);

/** The Firebase session cookie inside the client's `__session` cookie. */
function firebaseCookieOf(client: ApiClient): string {
  const value = decodeURIComponent((client.cookie ?? '').replace(/^__session=/, ''));
  const session = new URLSearchParams(value).get('s');
  if (!session) throw new Error('The client has no session cookie.');
  return session;
}

function claimsOf(jwt: string): Record<string, number | string> {
  return JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString()) as Record<
    string,
    number | string
  >;
}

/** The client's session cookie as it would be `days` days after it was issued. */
function agedBy(client: ApiClient, days: number): void {
  const [header, payload, signature] = firebaseCookieOf(client).split('.');
  const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as Record<
    string,
    number
  >;
  const shift = days * DAY_S;
  const aged = { ...claims, iat: (claims.iat ?? 0) - shift, exp: (claims.exp ?? 0) - shift };
  const forged = [header, Buffer.from(JSON.stringify(aged)).toString('base64url'), signature].join(
    '.',
  );
  client.cookie = `__session=${encodeURIComponent(new URLSearchParams({ s: forged }).toString())}`;
}

async function signedIn(): Promise<{ person: TestUser; client: ApiClient; idToken: string }> {
  const person = await createUser();
  const client = new ApiClient();
  const answer = await client.signIn(person.phoneNumber);
  return { person, client, idToken: await idTokenFor(answer.body.customToken as string) };
}

describe('silent renewal', () => {
  it('a cookie aged 8 days is replaced by a fresh 14-day one, which then works', async () => {
    const { person, client, idToken } = await signedIn();
    agedBy(client, 8);
    const old = firebaseCookieOf(client);
    const res = await client.post('/api/auth/session/renew', { idToken });
    expect(res).toMatchObject({ status: 200, body: { renewed: true } });
    const fresh = firebaseCookieOf(client);
    expect(fresh).not.toBe(old);
    const { iat, exp } = claimsOf(fresh) as { iat: number; exp: number };
    const now = Date.now() / 1000;
    expect(Math.abs(iat - now)).toBeLessThan(60);
    expect(Math.abs(exp - (now + 14 * DAY_S))).toBeLessThan(60);
    expect((await client.get('/api/user')).body).toMatchObject({ id: person.uid });
    // Renewed once: the fresh cookie is not due again.
    expect(await client.post('/api/auth/session/renew', { idToken })).toMatchObject({
      status: 200,
      body: { renewed: false },
    });
  });

  it('a cookie aged 6 days, or a new one, is left as it is', async () => {
    const { client, idToken } = await signedIn();
    const fresh = await client.post('/api/auth/session/renew', { idToken });
    expect(fresh).toMatchObject({ status: 200, body: { renewed: false } });
    expect(fresh.headers.get('set-cookie')).toBeNull();
    agedBy(client, 6);
    const aged = await client.post('/api/auth/session/renew', { idToken });
    expect(aged).toMatchObject({ status: 200, body: { renewed: false } });
    expect(aged.headers.get('set-cookie')).toBeNull();
  });

  it('a revoked account does not renew: its cookie and its ID token are both refused', async () => {
    const { person, client, idToken } = await signedIn();
    agedBy(client, 8);
    // Revocation has one-second resolution: past the sign-in's second first (revoke.ts).
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await adminAuth.revokeRefreshTokens(person.uid);
    const res = await client.post('/api/auth/session/renew', { idToken });
    expect(res).toMatchObject({ status: 401, body: { message: AUTH_SERVER_MESSAGES.signIn } });
    expect(res.headers.get('set-cookie')).toBeNull();
  });

  it('a disabled account does not renew', async () => {
    const { person, client, idToken } = await signedIn();
    agedBy(client, 8);
    await adminAuth.updateUser(person.uid, { disabled: true });
    expect((await client.post('/api/auth/session/renew', { idToken })).status).toBe(401);
    // Disabled in the users document only (an admin's action half done): still refused.
    const other = await signedIn();
    agedBy(other.client, 8);
    await adminDb.doc(`users/${other.person.uid}`).update({ disabled: true });
    expect(
      await other.client.post('/api/auth/session/renew', { idToken: other.idToken }),
    ).toMatchObject({
      status: 403,
      body: { message: ACCOUNT_DISABLED_MESSAGE },
    });
  });

  it("someone else's ID token, a bad one, or no cookie renews nothing", async () => {
    const { client } = await signedIn();
    const other = await signedIn();
    agedBy(client, 8);
    const before = client.cookie;
    expect((await client.post('/api/auth/session/renew', { idToken: other.idToken })).status).toBe(
      401,
    );
    expect((await client.post('/api/auth/session/renew', { idToken: 'not-a-token' })).status).toBe(
      401,
    );
    expect((await client.post('/api/auth/session/renew', {})).status).toBe(400);
    expect(client.cookie).toBe(before);
    const anonymous = new ApiClient();
    expect(
      (await anonymous.post('/api/auth/session/renew', { idToken: other.idToken })).status,
    ).toBe(401);
  });
});
