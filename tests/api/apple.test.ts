import { describe, expect, it } from 'vitest';
import { AUTH_SERVER_MESSAGES } from '@moments/shared';
import type { AppleSignInResponse, AppleSignInState } from '@moments/shared';
import { ApiClient } from '../support/api';
import { appleCode, appleSubFor, newAppleId } from '../support/apple';
import { adminDb, appUrl, requireEnv } from '../support/emulators';

/**
 * Sign in with Apple as the app does it: a state from POST /api/auth/apple/state (bound to this
 * client's cookie), then POST /api/auth/apple from the app's page (the Origin names the return
 * page Apple checks) with that state unless the body names another.
 */
async function signInWithApple(client: ApiClient, body: Record<string, unknown>) {
  const origin = { Origin: await appUrl() };
  const started = await client.post<AppleSignInState>('/api/auth/apple/state', {}, origin);
  expect(started.status).toBe(200);
  return client.post<AppleSignInResponse & { message?: string }>(
    '/api/auth/apple',
    { state: started.body.state, ...body },
    origin,
  );
}

async function accountsLinkedTo(appleId: string) {
  const snap = await adminDb
    .collection('users')
    .where('appleUserId', '==', appleSubFor(appleId))
    .get();
  return snap.docs;
}

describe('GET /api/auth/apple/config', () => {
  it("answers the client id and Apple's authorize page (here the stand-in)", async () => {
    const res = await new ApiClient().get('/api/auth/apple/config');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      clientId: requireEnv('APPLE_CLIENT_ID'),
      authorizeUrl: requireEnv('APPLE_AUTHORIZE_URL'),
    });
  });
});

describe('POST /api/auth/apple', () => {
  it("refuses (401) a code without this browser's state, and signs nobody in", async () => {
    const appleId = newAppleId();
    const origin = { Origin: await appUrl() };
    // No state asked for: a link carrying someone's code, opened in a fresh browser.
    const fresh = new ApiClient();
    const noState = await fresh.post('/api/auth/apple', { code: await appleCode(appleId) }, origin);
    expect(noState.status).toBe(401);
    expect(noState.body).toEqual({ message: AUTH_SERVER_MESSAGES.appleStateMismatch });
    // Another browser's state.
    const attacker = new ApiClient();
    const theirs = await attacker.post<AppleSignInState>('/api/auth/apple/state', {}, origin);
    const victim = new ApiClient();
    await victim.post('/api/auth/apple/state', {}, origin);
    const crossed = await victim.post(
      '/api/auth/apple',
      { code: await appleCode(appleId), state: theirs.body.state },
      origin,
    );
    expect(crossed.status).toBe(401);
    expect((await victim.get('/api/user')).status).toBe(401);
    expect(await accountsLinkedTo(appleId)).toEqual([]);
    // The state's cookie is HttpOnly and SameSite=Strict like the session's.
    expect(theirs.headers.get('set-cookie')).toMatch(/^__session=.+HttpOnly.+SameSite=Strict/);
  });

  it('creates the account once, then signs the same Apple ID in to it again', async () => {
    const appleId = newAppleId();
    const first = new ApiClient();
    const created = await signInWithApple(first, { code: await appleCode(appleId) });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      phoneNumber: null,
      firstName: null,
      lastName: null,
      isAdmin: false,
      needsOnboarding: true,
      hasSubscription: false,
    });
    expect(typeof created.body.customToken).toBe('string');
    expect(created.headers.get('set-cookie')).toMatch(/^__session=.+HttpOnly.+SameSite=Strict/);

    const again = await signInWithApple(new ApiClient(), { code: await appleCode(appleId) });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(created.body.id);
    expect((await accountsLinkedTo(appleId)).map((doc) => doc.id)).toEqual([created.body.id]);
  });

  it('starts a session: GET /api/user answers the person, who can then onboard', async () => {
    const appleId = newAppleId();
    const client = new ApiClient();
    const signedIn = await signInWithApple(client, { code: await appleCode(appleId) });
    const me = await client.get('/api/user');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: signedIn.body.id, phoneNumber: null });

    const onboarded = await client.post('/api/auth/onboard', { firstName: 'Alex', lastName: 'A' });
    expect(onboarded.status).toBe(200);
    const next = await signInWithApple(new ApiClient(), { code: await appleCode(appleId) });
    expect(next.body).toMatchObject({ firstName: 'Alex', needsOnboarding: false });
  });

  it('keeps the email when Apple gives one, and reports a subscription in force', async () => {
    const appleId = newAppleId();
    const res = await signInWithApple(new ApiClient(), {
      code: await appleCode(appleId, { scope: 'email' }),
    });
    expect(res.body.email).toBe(appleId);
    await adminDb.doc(`users/${res.body.id}`).update({
      subscriptionStatus: 'active',
      subscriptionCurrentPeriodEnd: new Date(Date.now() + 86_400_000),
    });
    const again = await signInWithApple(new ApiClient(), { code: await appleCode(appleId) });
    expect(again.body.hasSubscription).toBe(true);
  });

  it.each([
    ['signed by a key Apple never published', 'foreign-key'],
    ['for another app (audience)', 'wrong-audience'],
    ['from another issuer', 'wrong-issuer'],
    ['that has expired', 'expired'],
  ] as const)('refuses (401) an identity token %s, and creates nothing', async (_, fault) => {
    const appleId = newAppleId();
    const client = new ApiClient();
    const res = await signInWithApple(client, { code: await appleCode(appleId, { fault }) });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({
      message: 'Your Apple sign-in could not be verified. Please try again.',
    });
    expect(res.headers.get('set-cookie')).toBeNull();
    expect(await accountsLinkedTo(appleId)).toEqual([]);
    expect((await client.get('/api/user')).status).toBe(401);
  });

  it('refuses (401) a code Apple does not know, or one already used', async () => {
    const unknown = await signInWithApple(new ApiClient(), { code: 'c-made-up.0.x' });
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual({
      message: 'Apple did not accept this sign-in. Please try again.',
    });

    const code = await appleCode(newAppleId());
    expect((await signInWithApple(new ApiClient(), { code })).status).toBe(200);
    expect((await signInWithApple(new ApiClient(), { code })).status).toBe(401);
  });

  it('answers 400 without a code', async () => {
    const client = new ApiClient();
    const res = await signInWithApple(client, {});
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'The sign-in code is missing' });
    expect((await signInWithApple(client, { code: 42 })).status).toBe(400);
  });
});
