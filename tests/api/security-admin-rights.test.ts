// Admin rights that end when they should (issue 38, items 3-5): they come from one claim that
// only the admin login mints; a claim stored on the account (as earlier versions did) gives
// nothing and is removed; POST /api/auth/client-token never mints rights; and the admin login's
// hour holds for a refreshed ID token sent as Bearer as for the session cookie.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { ADMIN_MESSAGES, AUTH_SERVER_MESSAGES, type ClientTokenResponse } from '@moments/shared';
import { Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createAdmin, signedInAdmin, type TestAdmin } from '../support/admin';
import { ApiClient } from '../support/api';
import { appleCode, createAppleUser, newAppleId } from '../support/apple';
import { adminAuth, adminDb, appUrl, createUser, idTokenFor } from '../support/emulators';

const run = promisify(execFile);

/** The claim of an admin-login sign-in (functions/src/lib/admin-claim.ts). */
const ADMIN_LOGIN_CLAIM = 'adminLogin';

type Claims = Record<string, unknown> & { auth_time: number; iat: number; exp: number };

function claimsOf(jwt: string): Claims {
  return JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString()) as Claims;
}

/**
 * The same token as if its sign-in had happened `ageMinutes` ago while the token itself is
 * fresh: what the client SDK holds after refreshing an ID token (a refresh keeps `auth_time`).
 * The Auth emulator's tokens are unsigned, so the Admin SDK under the emulators accepts it.
 */
function signedInAgo(jwt: string, ageMinutes: number): { token: string; authTime: number } {
  const [header] = jwt.split('.');
  const now = Math.floor(Date.now() / 1000);
  const authTime = now - ageMinutes * 60;
  const claims = { ...claimsOf(jwt), auth_time: authTime, iat: now - 10 };
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return { token: `${header}.${payload}.`, authTime };
}

/** The Firebase session cookie inside the `__session` cookie a client keeps. */
function firebaseSessionOf(client: ApiClient): string {
  const value = decodeURIComponent((client.cookie ?? '').replace(/^__session=/, ''));
  return new URLSearchParams(value).get('s') ?? '';
}

/** A client holding `session` as its Firebase session cookie. */
function withSessionCookie(session: string): ApiClient {
  const client = new ApiClient();
  client.cookie = `__session=${encodeURIComponent(new URLSearchParams({ s: session }).toString())}`;
  return client;
}

/** A request that carries only `idToken` as Bearer, like the web app once its SDK is signed in. */
const asBearer = (idToken: string, path: string) =>
  new ApiClient().request('GET', path, undefined, { Authorization: `Bearer ${idToken}` });

/** The admin-login's session, kept active: its idle stamp says it made a call just now. */
async function keptActive(uid: string, authTime: number): Promise<void> {
  const now = Date.now();
  await adminDb.doc(`adminSessions/${uid}_${authTime}`).set({
    uid,
    lastActiveAt: Timestamp.fromMillis(now),
    expiresAt: Timestamp.fromMillis(now + 30 * 60 * 1000),
  });
}

async function adminLoginOf(admin: TestAdmin) {
  const client = new ApiClient();
  const res = await client.post<{ customToken: string }>('/api/auth/admin/login', {
    username: admin.username,
    password: ADMIN_PASSWORD,
  });
  expect(res.status).toBe(200);
  return { client, customToken: res.body.customToken };
}

const storedClaims = async (uid: string) => (await adminAuth.getUser(uid)).customClaims ?? {};

describe('a stored admin claim gives no admin rights (item 3)', () => {
  it('an SMS sign-in of an account carrying a stored `admin` claim gets 403, and the sign-in removes the claim', async () => {
    const admin = await createAdmin();
    // As the earlier version left it: the claim stored on the account, beside another claim.
    await adminAuth.setCustomUserClaims(admin.uid, { admin: true, plan: 'family' });

    // The token an SMS sign-in's client SDK held before: the account's stored claims ride along.
    const oldSdkToken = await idTokenFor(await adminAuth.createCustomToken(admin.uid));
    expect(claimsOf(oldSdkToken)).toMatchObject({ admin: true });
    const withStoredClaim = await asBearer(oldSdkToken, '/api/admin/people');
    expect(withStoredClaim.status).toBe(403);
    expect(withStoredClaim.body).toEqual({ message: AUTH_SERVER_MESSAGES.adminOnly });

    const bySms = new ApiClient();
    const signIn = await bySms.signIn(admin.phoneNumber);
    expect(signIn.status).toBe(200);
    const sdkToken = await idTokenFor(signIn.body.customToken as string);
    expect(claimsOf(sdkToken)).not.toHaveProperty('admin');
    expect(claimsOf(sdkToken)).not.toHaveProperty(ADMIN_LOGIN_CLAIM);
    expect((await asBearer(sdkToken, '/api/admin/people')).status).toBe(403);
    expect((await bySms.get('/api/admin/people')).status).toBe(403);
    expect(await storedClaims(admin.uid)).toEqual({ plan: 'family' });
  });

  it('an Apple sign-in and POST /api/auth/client-token remove a stored admin claim too', async () => {
    const appleId = newAppleId();
    const uid = await createAppleUser(appleId, 'Sam');
    await adminDb.doc(`users/${uid}`).update({ isAdmin: true });
    await adminAuth.setCustomUserClaims(uid, { admin: true, [ADMIN_LOGIN_CLAIM]: true });

    const client = new ApiClient();
    const origin = { Origin: await appUrl() };
    const { body } = await client.post<{ state: string }>('/api/auth/apple/state', {}, origin);
    const apple = await client.post<{ customToken: string }>(
      '/api/auth/apple',
      { code: await appleCode(appleId), state: body.state },
      origin,
    );
    expect(apple.status).toBe(200);
    expect(await storedClaims(uid)).toEqual({});
    const appleSdkToken = await idTokenFor(apple.body.customToken);
    expect((await asBearer(appleSdkToken, '/api/admin/overview')).status).toBe(403);

    // Stored again behind the session's back: the client SDK's next sign-in removes it.
    await adminAuth.setCustomUserClaims(uid, { admin: true });
    const fresh = await client.post<ClientTokenResponse>('/api/auth/client-token', {}, origin);
    expect(fresh.status).toBe(200);
    expect(await storedClaims(uid)).toEqual({});
    expect(claimsOf(await idTokenFor(fresh.body.customToken))).not.toHaveProperty('admin');
  });

  it('making someone an admin removes an admin claim stored on their account', async () => {
    const { client: admin } = await signedInAdmin();
    const person = await createUser();
    await adminAuth.setCustomUserClaims(person.uid, { admin: true, plan: 'family' });
    const made = await admin.post(`/api/admin/people/${person.uid}/admin`, {
      username: `new-${person.uid.slice(0, 8)}`,
      password: 'a long admin password',
    });
    expect(made.status).toBe(200);
    expect(await storedClaims(person.uid)).toEqual({ plan: 'family' });
  });

  it(
    'npm run admin:migrate-claims removes every stored admin claim and leaves other claims',
    { timeout: 120_000 },
    async () => {
      const [legacyAdmin, both, untouched] = await Promise.all([
        createUser(),
        createUser(),
        createUser(),
      ]);
      await adminAuth.setCustomUserClaims(legacyAdmin.uid, { admin: true });
      await adminAuth.setCustomUserClaims(both.uid, {
        admin: false,
        [ADMIN_LOGIN_CLAIM]: true,
        plan: 'family',
      });
      await adminAuth.setCustomUserClaims(untouched.uid, { plan: 'solo' });

      const { stdout } = await run('npx', ['tsx', 'scripts/admin-migrate-claims.ts'], {
        cwd: new URL('../..', import.meta.url),
        env: process.env,
        timeout: 90_000,
      });
      expect(stdout).toContain(`${legacyAdmin.uid}: stored admin claim removed`);
      expect(stdout).toContain(`${both.uid}: stored admin claim removed`);
      expect(stdout).not.toContain(untouched.uid);
      expect(await storedClaims(legacyAdmin.uid)).toEqual({});
      expect(await storedClaims(both.uid)).toEqual({ plan: 'family' });
      expect(await storedClaims(untouched.uid)).toEqual({ plan: 'solo' });
    },
  );
});

describe('POST /api/auth/client-token never mints admin rights (item 4)', () => {
  it('an idle admin cookie gets an ordinary token, with which every admin call is refused', async () => {
    const admin = await createAdmin();
    const { client } = await adminLoginOf(admin);
    expect((await client.get('/api/admin/overview')).status).toBe(200);
    const sessions = await adminDb.collection('adminSessions').where('uid', '==', admin.uid).get();
    expect(sessions.size).toBe(1);
    await sessions.docs[0]!.ref.update({
      lastActiveAt: Timestamp.fromMillis(Date.now() - 31 * 60 * 1000),
    });
    const idle = await client.get('/api/admin/overview');
    expect(idle.status).toBe(401);
    expect(idle.body).toEqual({ message: ADMIN_MESSAGES.idle });

    const fresh = await client.post<ClientTokenResponse>('/api/auth/client-token');
    expect(fresh.status).toBe(200);
    const sdkToken = await idTokenFor(fresh.body.customToken);
    expect(claimsOf(sdkToken)).not.toHaveProperty(ADMIN_LOGIN_CLAIM);
    expect(claimsOf(sdkToken)).not.toHaveProperty('admin');
    const asSdk = await asBearer(sdkToken, '/api/admin/overview');
    expect(asSdk.status).toBe(403);
    expect(asSdk.body).toEqual({ message: AUTH_SERVER_MESSAGES.adminOnly });
    // No fresh admin session was started: the idle stamp is the only one, still idle.
    const after = await adminDb.collection('adminSessions').where('uid', '==', admin.uid).get();
    expect(after.docs.map((d) => d.id)).toEqual([sessions.docs[0]!.id]);
  });

  it("a live admin session's token is ordinary too, while its cookie keeps the rights", async () => {
    const { client } = await signedInAdmin();
    const fresh = await client.post<ClientTokenResponse>('/api/auth/client-token');
    expect(fresh.status).toBe(200);
    const sdkToken = await idTokenFor(fresh.body.customToken);
    expect((await asBearer(sdkToken, '/api/admin/overview')).status).toBe(403);
    expect((await client.get('/api/admin/overview')).status).toBe(200);
  });
});

describe('the admin login lasts an hour, cookie and Bearer alike (item 5)', () => {
  it('refuses a refreshed admin-login ID token once the login is an hour old, though active', async () => {
    const admin = await createAdmin();
    const { customToken } = await adminLoginOf(admin);
    const sdkToken = await idTokenFor(customToken);
    expect(claimsOf(sdkToken)).toMatchObject({ [ADMIN_LOGIN_CLAIM]: true });

    // 59 minutes after the login, an active session's token still works ...
    const within = signedInAgo(sdkToken, 59);
    await keptActive(admin.uid, within.authTime);
    expect((await asBearer(within.token, '/api/admin/overview')).status).toBe(200);

    // ... 61 minutes after, it does not, although the SDK refreshed it and the session is active.
    const aged = signedInAgo(sdkToken, 61);
    await keptActive(admin.uid, aged.authTime);
    const refused = await asBearer(aged.token, '/api/admin/overview');
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ message: ADMIN_MESSAGES.signInAsAdmin });
    // It is still a valid sign-in of the person: only the admin rights have ended.
    expect((await asBearer(aged.token, '/api/user')).status).toBe(200);
  });

  it('refuses an admin session cookie once the login is an hour old', async () => {
    const admin = await createAdmin();
    const { client } = await adminLoginOf(admin);
    const cookie = firebaseSessionOf(client);
    expect(claimsOf(cookie)).toMatchObject({ [ADMIN_LOGIN_CLAIM]: true });

    const within = signedInAgo(cookie, 59);
    await keptActive(admin.uid, within.authTime);
    expect((await withSessionCookie(within.token).get('/api/admin/overview')).status).toBe(200);

    const aged = signedInAgo(cookie, 61);
    await keptActive(admin.uid, aged.authTime);
    const refused = await withSessionCookie(aged.token).get('/api/admin/overview');
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ message: ADMIN_MESSAGES.signInAsAdmin });
  });
});
