// Passkeys over HTTP (issue 42), with a software authenticator (tests/support/passkeys.ts): a
// passkey added after a code sign-in signs in to the same kind of session, and every way an
// answer can be wrong is refused: no challenge, another browser's, a used or expired one, an
// unknown or removed credential, another site's RP ID, another origin, no user verification,
// an old signature counter, a disabled or deleted account, too many tries. Removing the last
// way in is refused, logout-everywhere ends passkey sessions, and the admin login asks an admin
// who has a passkey for it after the password.
import { ACCOUNT_DISABLED_MESSAGE, PASSKEY_MESSAGES, type PasskeyList } from '@moments/shared';
import { Timestamp } from 'firebase-admin/firestore';
import { beforeAll, describe, expect, it } from 'vitest';
import { PASSKEY_LIMITS } from '../../functions/src/features/auth/passkey-routes';
import { createAdmin, signedInAdmin, tryAdminLogin } from '../support/admin';
import { ApiClient, expectApiUp } from '../support/api';
import { adminAuth, adminDb, appUrl, createUser, type TestUser } from '../support/emulators';
import {
  addPasskey,
  assertPasskey,
  createPasskey,
  passkeySiteOf,
  registrationOptions,
  signInWithPasskey,
  type SoftPasskey,
} from '../support/passkeys';

let site: { origin: string; rpId: string };

beforeAll(async () => {
  await expectApiUp();
  site = await passkeySiteOf(await appUrl());
});

/** A person signed in by code, with one passkey added. */
async function personWithPasskey(): Promise<{
  person: TestUser;
  client: ApiClient;
  passkey: SoftPasskey;
  id: string;
}> {
  const person = await createUser();
  const client = new ApiClient();
  await client.signIn(person.phoneNumber);
  const { passkey, id } = await addPasskey(client, site.origin);
  return { person, client, passkey, id };
}

const refused = { status: 401, body: { message: PASSKEY_MESSAGES.refused } };
const expired = { status: 401, body: { message: PASSKEY_MESSAGES.challengeExpired } };

describe('adding a passkey and signing in with it', () => {
  it('a passkey added after a code sign-in signs a new browser in to the same session kind', async () => {
    const { person, client, id } = await personWithPasskey();
    const list = await client.get<PasskeyList>('/api/auth/passkeys');
    expect(list.body.passkeys).toEqual([
      { id, name: 'Test phone', createdAt: expect.any(String), lastUsedAt: null, backedUp: false },
    ]);
    // What the server keeps: the key, counter and flags, never readable by the client (rules).
    const stored = await adminDb.doc(`passkeys/${id}`).get();
    expect(stored.data()).toMatchObject({ uid: person.uid, counter: 0, backedUp: false });
    const handle = (await adminDb.doc(`passkeyUsers/${person.uid}`).get()).get('userHandle');
    expect(handle).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(handle).not.toContain(person.phoneNumber.slice(2));
  });

  it('sign-in answers as a code sign-in, sets the session cookie, and records the use', async () => {
    const { person, passkey, id } = await personWithPasskey();
    const browser = new ApiClient();
    const signedIn = await signInWithPasskey(browser, passkey, site);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toMatchObject({
      id: person.uid,
      phoneNumber: person.phoneNumber,
      needsOnboarding: false,
      customToken: expect.any(String),
    });
    expect(signedIn.headers.get('set-cookie')).toMatch(
      /^__session=s%3D.+HttpOnly; SameSite=Strict/,
    );
    expect((await browser.get('/api/user')).body).toMatchObject({ id: person.uid });
    const stored = await adminDb.doc(`passkeys/${id}`).get();
    expect(stored.get('counter')).toBe(1);
    expect(stored.get('lastUsedAt')).toBeInstanceOf(Timestamp);
  });
});

describe('every wrong answer is refused', () => {
  it('without a challenge of this browser: none asked, or another browser asked', async () => {
    const { passkey } = await personWithPasskey();
    const stranger = new ApiClient();
    const unasked = assertPasskey(passkey, 'bm90LWFza2Vk', site);
    expect(await stranger.post('/api/auth/passkey/login', { response: unasked })).toMatchObject(
      expired,
    );
    // The owner's browser asked; the answer is replayed from a browser that did not.
    const owner = new ApiClient();
    const options = await owner.post<{ challenge: string }>('/api/auth/passkey/options');
    const answer = assertPasskey(passkey, options.body.challenge, site);
    expect(await stranger.post('/api/auth/passkey/login', { response: answer })).toMatchObject(
      expired,
    );
    expect((await owner.post('/api/auth/passkey/login', { response: answer })).status).toBe(200);
  });

  it('a replayed assertion, and a used challenge, are refused', async () => {
    const { passkey } = await personWithPasskey();
    const browser = new ApiClient();
    const options = await browser.post<{ challenge: string }>('/api/auth/passkey/options');
    const answer = assertPasskey(passkey, options.body.challenge, site);
    expect((await browser.post('/api/auth/passkey/login', { response: answer })).status).toBe(200);
    await browser.post('/api/auth/logout');
    expect(await browser.post('/api/auth/passkey/login', { response: answer })).toMatchObject(
      expired,
    );
    // The same answer against a fresh challenge: the signed challenge is not this one.
    await browser.post('/api/auth/passkey/options');
    expect(await browser.post('/api/auth/passkey/login', { response: answer })).toMatchObject(
      refused,
    );
  });

  it('parallel answers to one challenge: exactly one signs in', async () => {
    const { passkey } = await personWithPasskey();
    const browser = new ApiClient();
    const options = await browser.post<{ challenge: string }>('/api/auth/passkey/options');
    const answers = Array.from({ length: 5 }, () =>
      assertPasskey(passkey, options.body.challenge, site),
    );
    const results = await Promise.all(
      answers.map((response) => browser.post('/api/auth/passkey/login', { response })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 401, 401, 401, 401]);
  });

  it('a challenge older than five minutes is refused', async () => {
    const { passkey } = await personWithPasskey();
    const browser = new ApiClient();
    const options = await browser.post<{ challenge: string }>('/api/auth/passkey/options');
    const pending = await adminDb
      .collection('passkeyChallenges')
      .where('challenge', '==', options.body.challenge)
      .get();
    expect(pending.size).toBe(1);
    await pending.docs[0]!.ref.update({ expiresAt: Timestamp.fromMillis(Date.now() - 1000) });
    const answer = assertPasskey(passkey, options.body.challenge, site);
    expect(await browser.post('/api/auth/passkey/login', { response: answer })).toMatchObject(
      expired,
    );
  });

  it('an unknown credential, and a removed passkey, are refused', async () => {
    const { client, passkey, id } = await personWithPasskey();
    const unknown = { ...passkey, credentialId: Buffer.from('never-registered') };
    expect(await signInWithPasskey(new ApiClient(), unknown, site)).toMatchObject(refused);
    expect((await client.delete(`/api/auth/passkeys/${id}`)).status).toBe(200);
    expect((await client.get<PasskeyList>('/api/auth/passkeys')).body.passkeys).toEqual([]);
    expect(await signInWithPasskey(new ApiClient(), passkey, site)).toMatchObject(refused);
  });

  it("another site's RP ID, another origin, or no user verification is refused", async () => {
    const { passkey } = await personWithPasskey();
    const otherSite = { origin: site.origin, rpId: 'evil.example' };
    expect(await signInWithPasskey(new ApiClient(), passkey, otherSite)).toMatchObject(refused);
    const otherOrigin = { origin: 'https://evil.example', rpId: site.rpId };
    expect(await signInWithPasskey(new ApiClient(), passkey, otherOrigin)).toMatchObject(refused);
    expect(
      await signInWithPasskey(new ApiClient(), passkey, { ...site, userVerified: false }),
    ).toMatchObject(refused);
    // The passkey itself still works from the right site.
    expect((await signInWithPasskey(new ApiClient(), passkey, site)).status).toBe(200);
  });

  it('a passkey made for another RP ID cannot be added', async () => {
    const person = await createUser();
    const client = new ApiClient();
    await client.signIn(person.phoneNumber);
    const { response } = createPasskey(await registrationOptions(client), {
      origin: site.origin,
      rpId: 'evil.example',
    });
    const added = await client.post('/api/auth/passkeys', { response });
    expect(added).toMatchObject({
      status: 400,
      body: { message: PASSKEY_MESSAGES.invalidResponse },
    });
    expect((await client.get<PasskeyList>('/api/auth/passkeys')).body.passkeys).toEqual([]);
  });

  it('a signature counter that did not move on (a cloned authenticator) is refused', async () => {
    const { passkey } = await personWithPasskey();
    expect((await signInWithPasskey(new ApiClient(), passkey, site)).status).toBe(200);
    const clone = { ...passkey, counter: passkey.counter - 1 };
    expect(await signInWithPasskey(new ApiClient(), clone, site)).toMatchObject(refused);
  });

  it("a disabled account's passkey gets 403, a deleted account's 401", async () => {
    const disabled = await personWithPasskey();
    await adminAuth.updateUser(disabled.person.uid, { disabled: true });
    await adminDb.doc(`users/${disabled.person.uid}`).update({ disabled: true });
    expect(await signInWithPasskey(new ApiClient(), disabled.passkey, site)).toMatchObject({
      status: 403,
      body: { message: ACCOUNT_DISABLED_MESSAGE },
    });
    const deleted = await personWithPasskey();
    await adminDb.doc(`users/${deleted.person.uid}`).delete();
    await adminAuth.deleteUser(deleted.person.uid);
    expect(await signInWithPasskey(new ApiClient(), deleted.passkey, site)).toMatchObject(refused);
  });

  it("an admin's deletion of an account deletes its passkeys and user handle", async () => {
    const { person, passkey, id } = await personWithPasskey();
    const { client: admin } = await signedInAdmin();
    const deleted = await admin.post(`/api/admin/people/${person.uid}/delete`, {
      confirmation: 'DELETE',
    });
    expect(deleted.status).toBe(200);
    expect((await adminDb.doc(`passkeys/${id}`).get()).exists).toBe(false);
    expect((await adminDb.doc(`passkeyUsers/${person.uid}`).get()).exists).toBe(false);
    expect(await signInWithPasskey(new ApiClient(), passkey, site)).toMatchObject(refused);
  });

  it('malformed answers get 400, never 500', async () => {
    const browser = new ApiClient();
    await browser.post('/api/auth/passkey/options');
    for (const response of [undefined, 'x', { id: 'a b' }, { id: 'AA', rawId: 'AA', type: 'x' }]) {
      const res = await browser.post('/api/auth/passkey/login', { response });
      expect(res).toMatchObject({
        status: 400,
        body: { message: PASSKEY_MESSAGES.invalidResponse },
      });
    }
  });

  it(`sign-in tries: ${PASSKEY_LIMITS.signIn.limit} an hour per client address, the last ones counted in parallel`, async () => {
    const { passkey } = await personWithPasskey();
    const browser = new ApiClient();
    const { limit } = PASSKEY_LIMITS.signIn;
    const wrongTry = () =>
      browser.post('/api/auth/passkey/login', { response: assertPasskey(passkey, 'bm9uZQ', site) });
    // Most of the allowance one by one, then the rest and five more at once: exactly the
    // allowance passes the limiter (then fails for want of a challenge), the five get 429.
    for (let spent = 0; spent < limit - 5; spent++) expect((await wrongTry()).status).toBe(401);
    const burst = await Promise.all(Array.from({ length: 10 }, wrongTry));
    expect(burst.map((r) => r.status).sort()).toEqual([
      ...Array(5).fill(401),
      ...Array(5).fill(429),
    ]);
  });
});

describe("the signed-in person's passkeys", () => {
  it('need a session; nobody removes or sees another person’s', async () => {
    const anonymous = new ApiClient();
    expect((await anonymous.get('/api/auth/passkeys')).status).toBe(401);
    expect((await anonymous.post('/api/auth/passkeys/options')).status).toBe(401);
    const { id } = await personWithPasskey();
    const other = new ApiClient();
    await other.signIn((await createUser()).phoneNumber);
    expect((await other.get<PasskeyList>('/api/auth/passkeys')).body.passkeys).toEqual([]);
    expect(await other.delete(`/api/auth/passkeys/${id}`)).toMatchObject({
      status: 404,
      body: { message: PASSKEY_MESSAGES.notFound },
    });
    expect((await adminDb.doc(`passkeys/${id}`).get()).exists).toBe(true);
  });

  it("a registration answer needs this browser's challenge for this person", async () => {
    const person = await createUser();
    const client = new ApiClient();
    await client.signIn(person.phoneNumber);
    const { response } = createPasskey(await registrationOptions(client), site);
    // The same person signed in on another browser cannot use this browser's challenge.
    const otherBrowser = new ApiClient();
    await otherBrowser.signIn(person.phoneNumber);
    expect(await otherBrowser.post('/api/auth/passkeys', { response })).toMatchObject(expired);
    expect((await client.post('/api/auth/passkeys', { response })).status).toBe(201);
    expect(await client.post('/api/auth/passkeys', { response })).toMatchObject(expired);
  });

  it('the last way in cannot be removed: a passkey of an account with no phone or Apple id', async () => {
    const { person, client, id } = await personWithPasskey();
    await adminDb.doc(`users/${person.uid}`).update({ phoneNumber: null });
    expect(await client.delete(`/api/auth/passkeys/${id}`)).toMatchObject({
      status: 409,
      body: { message: PASSKEY_MESSAGES.lastSignInMethod },
    });
    // With a second passkey, either may go, but not both.
    const second = await addPasskey(client, site.origin, 'Laptop');
    expect((await client.delete(`/api/auth/passkeys/${id}`)).status).toBe(200);
    expect((await client.delete(`/api/auth/passkeys/${second.id}`)).status).toBe(409);
  });

  it('logout ends every session, the passkey ones included', async () => {
    const { client, passkey } = await personWithPasskey();
    const phone = new ApiClient();
    expect((await signInWithPasskey(phone, passkey, site)).status).toBe(200);
    expect((await phone.get('/api/user')).status).toBe(200);
    // Revocation has one-second resolution (revoke.ts): a sign-in in the very second of a
    // logout elsewhere would survive it, which is not what this test is about.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await client.post('/api/auth/logout')).status).toBe(200);
    expect((await phone.get('/api/user')).status).toBe(401);
  });
});

describe('the admin login with a passkey as second step', () => {
  it('an admin with a passkey gets a challenge, not a session, until the passkey answers', async () => {
    const admin = await createAdmin();
    const own = new ApiClient();
    await own.signIn(admin.phoneNumber);
    const { passkey } = await addPasskey(own, site.origin);

    const browser = new ApiClient();
    const step = await tryAdminLogin(browser, admin.username, admin.password);
    expect(step).toMatchObject({ status: 200, body: { passkeyRequired: true } });
    expect(step.body).not.toHaveProperty('customToken');
    expect((await browser.get('/api/admin/overview')).status).toBe(401);
    const { challenge } = (step.body as { options: { challenge: string } }).options;

    // Someone else's passkey cannot finish it (and the challenge is used up)...
    const stranger = await personWithPasskey();
    const foreign = assertPasskey(stranger.passkey, challenge, site);
    expect(await browser.post('/api/auth/admin/passkey', { response: foreign })).toMatchObject(
      refused,
    );
    // ...nor can another browser, with the admin's own passkey.
    const again = await tryAdminLogin(browser, admin.username, admin.password);
    const answer = assertPasskey(
      passkey,
      (again.body as { options: { challenge: string } }).options.challenge,
      site,
    );
    const elsewhere = new ApiClient();
    expect(await elsewhere.post('/api/auth/admin/passkey', { response: answer })).toMatchObject(
      expired,
    );
    const done = await browser.post('/api/auth/admin/passkey', { response: answer });
    expect(done).toMatchObject({ status: 200, body: { id: admin.uid, isAdmin: true } });
    expect((await browser.get('/api/admin/overview')).status).toBe(200);
  });

  it('an admin without a passkey signs in with the password alone', async () => {
    const admin = await createAdmin();
    const browser = new ApiClient();
    const res = await tryAdminLogin(browser, admin.username, admin.password);
    expect(res).toMatchObject({
      status: 200,
      body: { id: admin.uid, customToken: expect.any(String) },
    });
  });
});
