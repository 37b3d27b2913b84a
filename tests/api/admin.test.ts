// The admin API (/api/admin/*): who may call it, what each action does, and the audit rows.
import {
  ACCOUNT_DISABLED_MESSAGE,
  ADMIN_MESSAGES,
  AUTH_SERVER_MESSAGES,
  BILLING_MESSAGES,
  type AdminOverview,
  type AdminPeoplePage,
  type AdminPerson,
  type AdminTrends,
  type AuditPage,
} from '@moments/shared';
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { ApiClient } from '../support/api';
import { appleCode, createAppleUser, newAppleId } from '../support/apple';
import { adminByApple, adminBySms, adminLogin, createAdmin, signedInAdmin } from '../support/admin';
import {
  adminAuth,
  adminDb,
  appUrl,
  createUser,
  idTokenFor,
  latestCode,
  requireEnv,
} from '../support/emulators';
import { TEST_CARDS, payAtCheckout, standInUrl } from '../support/stripe';
import { newMoment, signedIn } from '../support/moments';
import { imageForm, makeJpeg, storedObjects, uploadPhoto } from '../support/photos';
import { eventually } from '../support/eventually';

const run = promisify(execFile);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The subscription's status as the payment service (here the stand-in) has it. */
async function subscriptionStatusAtStripe(id: string): Promise<string> {
  const res = await fetch(`${standInUrl()}/v1/subscriptions/${id}`, {
    headers: { Authorization: `Bearer ${requireEnv('STRIPE_SECRET_KEY')}` },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { status: string }).status;
}

async function auditFor(client: ApiClient, targetId: string) {
  const res = await client.get<AuditPage>(`/api/admin/audit?targetId=${targetId}`);
  expect(res.status).toBe(200);
  return res.body.entries;
}

type Call = { method: 'GET' | 'POST' | 'DELETE'; path: (target: string) => string; body?: unknown };

const CALLS: Call[] = [
  { method: 'GET', path: () => '/api/admin/session' },
  { method: 'GET', path: () => '/api/admin/overview' },
  { method: 'GET', path: () => '/api/admin/trends' },
  { method: 'GET', path: () => '/api/admin/people' },
  { method: 'GET', path: () => '/api/admin/people?q=%2B16505550101' },
  { method: 'GET', path: (t) => `/api/admin/people/${t}` },
  { method: 'POST', path: (t) => `/api/admin/people/${t}/disable` },
  { method: 'POST', path: (t) => `/api/admin/people/${t}/enable` },
  { method: 'POST', path: (t) => `/api/admin/people/${t}/sign-out` },
  {
    method: 'POST',
    path: (t) => `/api/admin/people/${t}/admin`,
    body: { username: 'nobody-here', password: 'long enough password' },
  },
  { method: 'DELETE', path: (t) => `/api/admin/people/${t}/admin` },
  {
    method: 'POST',
    path: (t) => `/api/admin/people/${t}/delete`,
    body: { confirmation: 'DELETE' },
  },
  { method: 'GET', path: () => '/api/admin/audit' },
];

describe('who may call /api/admin/*', () => {
  /** Every admin call by `client` answers `status`, and nothing happens to the target. */
  async function refusedEverywhere(client: ApiClient, status: number) {
    const target = await createUser();
    // One at a time: the Functions emulator runs a process per request in flight.
    const answers: string[] = [];
    for (const call of CALLS) {
      const res = await client.request(call.method, call.path(target.uid), call.body);
      answers.push(`${call.method} ${call.path('T')}: ${res.status}`);
    }
    expect(answers).toEqual(CALLS.map((call) => `${call.method} ${call.path('T')}: ${status}`));
    expect((await adminAuth.getUser(target.uid)).disabled).toBe(false);
    expect((await adminDb.doc(`users/${target.uid}`).get()).exists).toBe(true);
  }

  it('refuses a signed-out visitor every call (401)', { timeout: 90_000 }, async () => {
    await refusedEverywhere(new ApiClient(), 401);
  });

  it(
    'refuses a signed-in person who is not an admin every call (403)',
    { timeout: 90_000 },
    async () => {
      await refusedEverywhere((await signedIn()).client, 403);
    },
  );

  it('refuses an admin signed in by SMS code every call (403)', { timeout: 90_000 }, async () => {
    await refusedEverywhere((await adminBySms()).client, 403);
  });

  it(
    'refuses an admin signed in with Apple every call (403), by cookie or ID token',
    { timeout: 120_000 },
    async () => {
      const { client, customToken, isAdmin } = await adminByApple();
      // The person is an admin (the app sends them to /admin), but this sign-in carries no rights.
      expect(isAdmin).toBe(true);
      await refusedEverywhere(client, 403);
      const bearer = new ApiClient();
      const res = await bearer.request('GET', '/api/admin/overview', undefined, {
        Authorization: `Bearer ${await idTokenFor(customToken)}`,
      });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ message: AUTH_SERVER_MESSAGES.adminOnly });
    },
  );

  it('lets the admin-login session make every call', { timeout: 120_000 }, async () => {
    const { client } = await signedInAdmin();
    for (const call of CALLS) {
      const target = await createUser();
      const res = await client.request(call.method, call.path(target.uid), call.body);
      expect(`${call.method} ${call.path('T')}: ${res.status}`).toBe(
        `${call.method} ${call.path('T')}: 200`,
      );
    }
  });

  it('refuses a state-changing call from another origin', async () => {
    const { client } = await signedInAdmin();
    const target = await createUser();
    const res = await client.post(
      `/api/admin/people/${target.uid}/disable`,
      {},
      {
        Origin: 'https://evil.example',
      },
    );
    expect(res.status).toBe(403);
    expect((await adminAuth.getUser(target.uid)).disabled).toBe(false);
  });

  it('ends an admin session idle for more than 30 minutes', async () => {
    const { admin, client } = await signedInAdmin();
    expect((await client.get('/api/admin/session')).status).toBe(200);
    const sessions = await adminDb.collection('adminSessions').where('uid', '==', admin.uid).get();
    expect(sessions.size).toBe(1);
    await sessions.docs[0]!.ref.update({
      lastActiveAt: Timestamp.fromMillis(Date.now() - 31 * 60 * 1000),
    });
    const res = await client.get('/api/admin/overview');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: ADMIN_MESSAGES.idle });
  });
});

describe('disable and enable', () => {
  it("stops the person's cookie and ID token at once, refuses sign-in with a clear message, and is audited", async () => {
    const { client: admin } = await signedInAdmin();
    const person = await createUser({ firstName: 'Dora', lastName: 'Disabled' });
    const session = new ApiClient();
    const signIn = await session.signIn(person.phoneNumber);
    const idToken = await idTokenFor(signIn.body.customToken as string);
    const bearer = { Authorization: `Bearer ${idToken}` };
    expect((await new ApiClient().request('GET', '/api/user', undefined, bearer)).status).toBe(200);

    expect((await admin.post(`/api/admin/people/${person.uid}/disable`)).status).toBe(200);
    expect((await session.get('/api/user')).status).toBe(401);
    expect((await new ApiClient().request('GET', '/api/user', undefined, bearer)).status).toBe(401);
    const again = await new ApiClient().post('/api/auth/request-code', {
      phoneNumber: person.phoneNumber,
      isSignUp: false,
    });
    expect(again.status).toBe(403);
    expect(again.body).toEqual({ message: ACCOUNT_DISABLED_MESSAGE });
    const row = await admin.get<AdminPerson>(`/api/admin/people/${person.uid}`);
    expect(row.body.disabled).toBe(true);

    expect((await admin.post(`/api/admin/people/${person.uid}/enable`)).status).toBe(200);
    expect((await new ApiClient().signIn(person.phoneNumber)).status).toBe(200);
    const actions = (await auditFor(admin, person.uid)).map((e) => e.action);
    expect(actions).toEqual(['account.enable', 'account.disable']);
  });

  it('says so when a code was asked for before the account was disabled', async () => {
    const { client: admin } = await signedInAdmin();
    const person = await createUser();
    const client = new ApiClient();
    await client.post('/api/auth/request-code', {
      phoneNumber: person.phoneNumber,
      isSignUp: false,
    });
    await admin.post(`/api/admin/people/${person.uid}/disable`);
    const res = await client.post('/api/auth/verify', {
      phoneNumber: person.phoneNumber,
      code: await latestCode(person.phoneNumber),
    });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: ACCOUNT_DISABLED_MESSAGE });
  });
  it('refuses a disabled person signing in with Apple, with the same message', async () => {
    const { client: admin } = await signedInAdmin();
    const appleId = newAppleId();
    const uid = await createAppleUser(appleId);
    const withApple = async () => {
      const client = new ApiClient();
      const origin = { Origin: await appUrl() };
      const { body } = await client.post<{ state: string }>('/api/auth/apple/state', {}, origin);
      return client.post(
        '/api/auth/apple',
        { code: await appleCode(appleId), state: body.state },
        origin,
      );
    };
    expect((await admin.post(`/api/admin/people/${uid}/disable`)).status).toBe(200);
    const refused = await withApple();
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: ACCOUNT_DISABLED_MESSAGE });
    expect(refused.headers.get('set-cookie')).toBeNull();
    expect((await admin.post(`/api/admin/people/${uid}/enable`)).status).toBe(200);
    expect((await withApple()).status).toBe(200);
  });
});

describe('sign out everywhere', () => {
  it('ends every session of the person; they can sign in again', async () => {
    const { client: admin } = await signedInAdmin();
    const person = await createUser();
    const [first, second] = [new ApiClient(), new ApiClient()];
    await first.signIn(person.phoneNumber);
    await second.signIn(person.phoneNumber);
    // Revocation is to the second: let the sign-ins' second pass.
    await sleep(1100);
    expect((await admin.post(`/api/admin/people/${person.uid}/sign-out`)).status).toBe(200);
    expect((await first.get('/api/user')).status).toBe(401);
    expect((await second.get('/api/user')).status).toBe(401);
    await sleep(1100);
    expect((await new ApiClient().signIn(person.phoneNumber)).status).toBe(200);
    expect((await auditFor(admin, person.uid))[0]?.action).toBe('account.sign_out');
  });
});

describe('make and remove admin', () => {
  it('gives an admin login that works; removal ends that admin session at once', async () => {
    const { client: admin } = await signedInAdmin();
    const person = await createUser({ firstName: 'Nia', lastName: 'Newadmin' });
    const credentials = {
      username: `nia-${person.uid.slice(0, 6)}`,
      password: 'a long admin password',
    };
    const made = await admin.post(`/api/admin/people/${person.uid}/admin`, credentials);
    expect(made.status).toBe(200);
    const detail = await admin.get<AdminPerson>(`/api/admin/people/${person.uid}`);
    expect(detail.body).toMatchObject({
      isAdmin: true,
      adminUsername: credentials.username.toLowerCase(),
    });
    // Account claims stay empty: SMS sign-in of the new admin stays an ordinary session.
    expect((await adminAuth.getUser(person.uid)).customClaims ?? {}).not.toHaveProperty('admin');

    const newAdmin = await adminLogin(credentials);
    expect((await newAdmin.get('/api/admin/session')).status).toBe(200);
    await sleep(1100);
    expect((await admin.delete(`/api/admin/people/${person.uid}/admin`)).status).toBe(200);
    expect((await newAdmin.get('/api/admin/session')).status).toBe(401);
    const relogin = await new ApiClient().post('/api/auth/admin/login', credentials);
    expect(relogin.status).toBe(401);
    const actions = (await auditFor(admin, person.uid)).map((e) => e.action);
    expect(actions).toEqual(['account.remove_admin', 'account.make_admin']);
  });

  it('refuses a taken username (409) and a short password (400)', async () => {
    const { admin, client } = await signedInAdmin();
    const person = await createUser();
    const taken = await client.post(`/api/admin/people/${person.uid}/admin`, {
      username: admin.username.toUpperCase(),
      password: 'a long admin password',
    });
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual({ message: ADMIN_MESSAGES.usernameTaken });
    const short = await client.post(`/api/admin/people/${person.uid}/admin`, {
      username: 'fresh-name',
      password: 'short',
    });
    expect(short.status).toBe(400);
    expect(short.body).toEqual({ message: ADMIN_MESSAGES.passwordShort });
    expect((await adminDb.doc(`users/${person.uid}`).get()).get('isAdmin')).toBe(false);
  });

  it('refuses to remove, disable or delete oneself', async () => {
    const { admin, client } = await signedInAdmin();
    for (const [method, path, body] of [
      ['DELETE', `/api/admin/people/${admin.uid}/admin`, undefined],
      ['POST', `/api/admin/people/${admin.uid}/disable`, {}],
      ['POST', `/api/admin/people/${admin.uid}/delete`, { confirmation: 'DELETE' }],
    ] as const) {
      const res = await client.request(method, path, body);
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ message: ADMIN_MESSAGES.notYourself });
    }
    expect((await adminDb.doc(`users/${admin.uid}`).get()).get('isAdmin')).toBe(true);
    expect((await client.get('/api/admin/session')).status).toBe(200);
  });
});

describe('delete account', () => {
  it('needs the typed confirmation', async () => {
    const { client } = await signedInAdmin();
    const person = await createUser();
    const res = await client.post(`/api/admin/people/${person.uid}/delete`, {
      confirmation: 'yes',
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: ADMIN_MESSAGES.confirmation });
    expect((await adminDb.doc(`users/${person.uid}`).get()).exists).toBe(true);
  });

  it('leaves no document or byte that was only theirs; their entries elsewhere stay, anonymised', async () => {
    const { client: admin } = await signedInAdmin();
    const doomed = await signedIn({ firstName: 'Gone', lastName: 'Soon' });
    const friend = await signedIn({ firstName: 'Fay', lastName: 'Friend' });
    // Their own moment with a photo and an entry.
    const own = await newMoment(doomed.client, { title: 'Private' });
    expect((await uploadPhoto(doomed.client, own.id)).status).toBe(201);
    await doomed.client.post(`/api/journals/${own.id}/comments`, { text: 'mine' });
    const picture = await doomed.client.postForm('/api/upload', imageForm(await makeJpeg()));
    expect(picture.status).toBe(201);
    expect(await storedObjects(`users/${doomed.user.uid}/`)).toHaveLength(1);
    expect(await storedObjects(`journals/${own.id}/`)).toHaveLength(6);
    // A friend's moment they joined, wrote in and made a link for.
    const theirs = await newMoment(friend.client, { title: 'Shared' });
    const link = await friend.client.post<{ token: string }>(
      `/api/journals/${theirs.id}/invites`,
      {},
    );
    expect(
      (
        await doomed.client.post(`/api/journals/${theirs.id}/accept-invite`, {
          inviteToken: link.body.token,
        })
      ).status,
    ).toBe(200);
    const entry = await doomed.client.post<{ id: string }>(`/api/journals/${theirs.id}/comments`, {
      text: 'Lovely day',
    });
    await doomed.client.post(`/api/journals/${theirs.id}/invites`, {});

    const res = await admin.post(`/api/admin/people/${doomed.user.uid}/delete`, {
      confirmation: 'DELETE',
    });
    expect(res.status).toBe(200);

    const uid = doomed.user.uid;
    expect((await adminDb.doc(`users/${uid}`).get()).exists).toBe(false);
    expect((await adminDb.doc(`credentials/${uid}`).get()).exists).toBe(false);
    await expect(adminAuth.getUser(uid)).rejects.toMatchObject({ code: 'auth/user-not-found' });
    expect((await adminDb.doc(`journals/${own.id}`).get()).exists).toBe(false);
    expect((await adminDb.collection(`journals/${own.id}/images`).get()).size).toBe(0);
    expect((await adminDb.collection(`journals/${own.id}/comments`).get()).size).toBe(0);
    expect((await adminDb.collection('invites').where('inviterId', '==', uid).get()).size).toBe(0);
    expect((await adminDb.collection('dailyActive').where('uid', '==', uid).get()).size).toBe(0);
    // The bucket, listed afterwards: neither their photos nor their profile picture remain.
    expect(await storedObjects(`journals/${own.id}/`)).toEqual([]);
    expect(await storedObjects(`users/${uid}/`)).toEqual([]);

    const shared = await adminDb.doc(`journals/${theirs.id}`).get();
    expect(shared.get('memberIds')).toEqual([friend.user.uid]);
    const kept = await adminDb.doc(`journals/${theirs.id}/comments/${entry.body.id}`).get();
    expect(kept.get('text')).toBe('Lovely day');
    expect(kept.get('user')).toMatchObject({ firstName: 'Deleted', lastName: 'account' });

    expect((await admin.get(`/api/admin/people/${uid}`)).status).toBe(404);
    expect((await auditFor(admin, uid))[0]).toMatchObject({
      action: 'account.delete',
      targetName: 'Gone Soon',
    });
  });

  it('cancels a Moments Plus subscription at Stripe, so the person is not charged again', async () => {
    const { client: admin } = await signedInAdmin();
    const { user, client } = await signedIn();
    const start = await client.post<{ url: string }>(
      '/api/billing/checkout',
      { period: 'monthly' },
      { Origin: await appUrl() },
    );
    expect(start.status).toBe(200);
    expect((await payAtCheckout(start.body.url, TEST_CARDS.pays)).status).toBe(303);
    const subscriptionId = (await adminDb.doc(`users/${user.uid}`).get()).get(
      'stripeSubscriptionId',
    ) as string;
    expect(await subscriptionStatusAtStripe(subscriptionId)).toBe('trialing');

    const res = await admin.post(`/api/admin/people/${user.uid}/delete`, {
      confirmation: 'DELETE',
    });
    expect(res.status).toBe(200);
    expect(await subscriptionStatusAtStripe(subscriptionId)).toBe('canceled');
    expect((await adminDb.doc(`users/${user.uid}`).get()).exists).toBe(false);
    const events = await adminDb.collection('stripeEvents').where('userId', '==', user.uid).get();
    expect(events.size).toBe(0);
  });

  it('deletes nothing when Stripe cannot cancel the subscription', async () => {
    const { client: admin } = await signedInAdmin();
    const { user, client } = await signedIn();
    const moment = await newMoment(client, { title: 'Kept' });
    // Stripe answers an error other than "no such subscription" (here: a malformed id).
    await adminDb.doc(`users/${user.uid}`).update({
      stripeSubscriptionId: 'sub_with/a-slash',
      subscriptionStatus: 'active',
    });
    const res = await admin.post(`/api/admin/people/${user.uid}/delete`, {
      confirmation: 'DELETE',
    });
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ message: BILLING_MESSAGES.paymentsUnavailable });
    expect((await adminDb.doc(`users/${user.uid}`).get()).exists).toBe(true);
    expect((await adminDb.doc(`journals/${moment.id}`).get()).exists).toBe(true);
    expect((await adminAuth.getUser(user.uid)).disabled).toBe(false);
    expect((await client.get('/api/user')).status).toBe(200);
  });
});

describe('overview, trends and people', () => {
  it('counts with aggregations and answers no content', async () => {
    const { client: admin } = await signedInAdmin();
    const before = (await admin.get<AdminOverview>('/api/admin/overview')).body;
    const owner = await signedIn();
    const moment = await newMoment(owner.client, { title: 'A secret title' });
    await uploadPhoto(owner.client, moment.id);
    await owner.client.post(`/api/journals/${moment.id}/comments`, { text: 'A secret entry' });
    const after = await admin.get<AdminOverview>('/api/admin/overview');
    expect(after.status).toBe(200);
    expect(after.body.people.total).toBeGreaterThan(before.people.total);
    expect(after.body.moments.total).toBeGreaterThan(before.moments.total);
    expect(after.body.photos.total).toBeGreaterThan(before.photos.total);
    expect(after.body.photos.bytes).toBeGreaterThan(before.photos.bytes);
    expect(after.body.entries).toBeGreaterThan(before.entries);
    expect(Object.keys(after.body.subscriptions)).toContain('past_due');
    expect(JSON.stringify(after.body)).not.toMatch(/secret|\/api\/journals/);
  });

  it("gives 30 days of trends with today's sign-ups, moments, entries and active people", async () => {
    const { client: admin } = await signedInAdmin();
    const owner = await signedIn();
    const moment = await newMoment(owner.client);
    await owner.client.post(`/api/journals/${moment.id}/comments`, { text: 'hello' });
    const res = await admin.get<AdminTrends>('/api/admin/trends');
    expect(res.status).toBe(200);
    expect(res.body.days).toHaveLength(30);
    const today = res.body.days[29]!;
    expect(today.day).toBe(new Date().toISOString().slice(0, 10));
    expect(today.signups).toBeGreaterThan(0);
    expect(today.moments).toBeGreaterThan(0);
    expect(today.entries).toBeGreaterThan(0);
    expect(today.activePeople).toBeGreaterThan(0);
  });

  it('finds a person by phone in any format, by name and by email; rows carry figures, no content', async () => {
    const { client: admin } = await signedInAdmin();
    const unique = `Zq${Date.now().toString(36)}`;
    const person = await signedIn({ firstName: unique, lastName: 'Findme' });
    await adminDb.doc(`users/${person.user.uid}`).update({ email: `${unique}@example.com` });
    const moment = await newMoment(person.client, { title: 'Hidden' });
    await uploadPhoto(person.client, moment.id);

    const national = person.user.phoneNumber.replace(/^\+1(\d{3})(\d{3})(\d{4})$/, '($1) $2-$3');
    for (const q of [
      person.user.phoneNumber,
      national,
      unique.toLowerCase(),
      `${unique} find`,
      `${unique}@example.com`,
    ]) {
      const res = await admin.get<AdminPeoplePage>(`/api/admin/people?q=${encodeURIComponent(q)}`);
      expect(res.status).toBe(200);
      expect(`${q}: ${res.body.people.map((p) => p.id).join(',')}`).toBe(
        `${q}: ${person.user.uid}`,
      );
    }
    await eventually(async () => {
      const detail = await admin.get<AdminPerson>(`/api/admin/people/${person.user.uid}`);
      expect(detail.body).toMatchObject({
        momentsOwned: 1,
        momentsJoined: 0,
        photos: 1,
        entries: 0,
      });
    });
    const detail = await admin.get<AdminPerson>(`/api/admin/people/${person.user.uid}`);
    expect(detail.body.lastActiveAt).not.toBeNull();
    expect(JSON.stringify(detail.body)).not.toMatch(/Hidden|\/api\/journals/);
  });

  it('pages the newest accounts', async () => {
    const { client: admin } = await signedInAdmin();
    const first = await admin.get<AdminPeoplePage>('/api/admin/people');
    expect(first.status).toBe(200);
    expect(first.body.people.length).toBe(20);
    const created = first.body.people.map((p) => p.createdAt);
    expect([...created].sort().reverse()).toEqual(created);
    const next = await admin.get<AdminPeoplePage>(
      `/api/admin/people?cursor=${first.body.nextCursor}`,
    );
    expect(next.status).toBe(200);
    const ids = new Set(first.body.people.map((p) => p.id));
    expect(next.body.people.some((p) => ids.has(p.id))).toBe(false);
  });
});

describe('npm run admin:create', () => {
  it(
    'makes an existing account the first admin, with an admin login that works',
    { timeout: 120_000 },
    async () => {
      const person = await createUser({ firstName: 'First', lastName: 'Admin' });
      const username = `first-${randomUUID().slice(0, 8)}`;
      const password = 'a long first password';
      // The phone number as a person would type it.
      const typed = `(${person.phoneNumber.slice(2, 5)}) ${person.phoneNumber.slice(5, 8)}-${person.phoneNumber.slice(8)}`;
      const { stdout } = await run(
        'npx',
        [
          'tsx',
          'scripts/admin-create.ts',
          '--phone',
          typed,
          '--username',
          username,
          '--password',
          password,
        ],
        { cwd: new URL('../..', import.meta.url), env: process.env, timeout: 90_000 },
      );
      expect(stdout).toContain(`${person.uid} is an admin`);
      expect((await adminDb.doc(`users/${person.uid}`).get()).get('isAdmin')).toBe(true);
      const client = await adminLogin({ username, password });
      expect((await client.get('/api/admin/session')).status).toBe(200);
      expect((await auditFor(client, person.uid))[0]).toMatchObject({
        action: 'account.make_admin',
        actorName: 'npm run admin:create',
      });
    },
  );

  it(
    'refuses a short password and an unknown number, and changes nothing',
    { timeout: 180_000 },
    async () => {
      const person = await createUser();
      const attempt = (phone: string, password: string) =>
        run(
          'npx',
          [
            'tsx',
            'scripts/admin-create.ts',
            '--phone',
            phone,
            '--username',
            `u-${randomUUID().slice(0, 8)}`,
            '--password',
            password,
          ],
          { cwd: new URL('../..', import.meta.url), env: process.env, timeout: 90_000 },
        );
      await expect(attempt(person.phoneNumber, 'short')).rejects.toMatchObject({
        stderr: expect.stringContaining(ADMIN_MESSAGES.passwordShort),
      });
      await expect(attempt('+16505550000', 'a long enough password')).rejects.toMatchObject({
        code: 1,
      });
      expect((await adminDb.doc(`users/${person.uid}`).get()).get('isAdmin')).not.toBe(true);
    },
  );
});

describe('admin logins are audited', () => {
  it('records a successful and a failed admin login with the client address', async () => {
    const admin = await createAdmin();
    const failed = await new ApiClient().post('/api/auth/admin/login', {
      username: admin.username,
      password: 'not the password',
    });
    expect(failed.status).toBe(401);
    const client = await adminLogin(admin);
    const rows = await client.get<AuditPage>(`/api/admin/audit?actorId=${admin.uid}`);
    expect(rows.body.entries.map((e) => e.action)).toEqual(['admin.login']);
    expect(rows.body.entries[0]?.clientAddress).toBeTruthy();
    const failures = await client.get<AuditPage>('/api/admin/audit?action=admin.login_failed');
    expect(failures.body.entries.some((e) => e.detail === admin.username)).toBe(true);
  });
});
