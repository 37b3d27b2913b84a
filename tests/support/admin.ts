// Admins for API and browser tests. The `admin` claim is never put on an account: an admin
// session comes only from POST /api/auth/admin/login.
import { randomUUID } from 'node:crypto';
import { ApiClient } from './api';
import { adminDb, createAdminCredentials, createUser, type TestUser } from './emulators';

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
