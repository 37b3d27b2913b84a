// Admins for API and browser tests. No admin claim is put on an account: an admin
// session comes only from POST /api/auth/admin/login.
import { randomUUID } from 'node:crypto';
import { ApiClient } from './api';
import { appleCode, createAppleUser, newAppleId } from './apple';
import { adminDb, appUrl, createAdminCredentials, createUser, type TestUser } from './emulators';

export const ADMIN_PASSWORD = 'correct horse battery';

export interface TestAdmin extends TestUser {
  username: string;
  password: string;
}

/** An account with isAdmin and its admin-login credentials (no session yet). */
export async function createAdmin(
  fields: { firstName?: string; lastName?: string } = {},
): Promise<TestAdmin> {
  const user = await createUser(fields);
  await adminDb.doc(`users/${user.uid}`).update({ isAdmin: true });
  const username = `admin-${randomUUID().slice(0, 8)}`;
  await createAdminCredentials(user.uid, username, ADMIN_PASSWORD);
  return { ...user, username, password: ADMIN_PASSWORD };
}

/** POST /api/auth/admin/login from `client`, whatever it answers. */
export function tryAdminLogin(client: ApiClient, username: string, password: string) {
  return client.post('/api/auth/admin/login', { username, password });
}

/** Signs in at POST /api/auth/admin/login; throws unless it answers 200. */
export async function adminLogin(admin: Pick<TestAdmin, 'username' | 'password'>) {
  const client = new ApiClient();
  const res = await client.post('/api/auth/admin/login', {
    username: admin.username,
    password: admin.password,
  });
  if (res.status !== 200) throw new Error(`admin login answered ${res.status}`);
  return client;
}

/** An admin signed in through the admin login. */
export async function signedInAdmin(fields: { firstName?: string; lastName?: string } = {}) {
  const admin = await createAdmin(fields);
  return { admin, client: await adminLogin(admin) };
}

/** An admin who signed in by SMS code only: an ordinary user session. */
export async function adminBySms() {
  const admin = await createAdmin();
  const client = new ApiClient();
  const res = await client.signIn(admin.phoneNumber);
  if (res.status !== 200) throw new Error(`sign-in answered ${res.status}`);
  return { admin, client };
}

/**
 * An admin (isAdmin, admin-login credentials) who signed in with Apple: an ordinary user
 * session, with the custom token the web app would sign in to Firebase with.
 */
export async function adminByApple() {
  const appleId = newAppleId();
  const uid = await createAppleUser(appleId, 'Sam');
  await adminDb.doc(`users/${uid}`).update({ isAdmin: true });
  await createAdminCredentials(uid, `admin-${randomUUID().slice(0, 8)}`, ADMIN_PASSWORD);
  const client = new ApiClient();
  const origin = { Origin: await appUrl() };
  const { body } = await client.post<{ state: string }>('/api/auth/apple/state', {}, origin);
  const res = await client.post<{ id: string; isAdmin: boolean; customToken: string }>(
    '/api/auth/apple',
    { code: await appleCode(appleId), state: body.state },
    origin,
  );
  if (res.status !== 200 || res.body.id !== uid) throw new Error(`Apple answered ${res.status}`);
  return { uid, client, customToken: res.body.customToken, isAdmin: res.body.isAdmin };
}
