// "Delete my account" proved with a passkey step instead of a code (issue 41): a challenge for
// the purpose "account deletion", bound to this browser and to the person, used once, dead
// after five minutes, answered with user verification by one of the person's own passkeys
// (the software authenticator of tests/support/passkeys.ts). An account with no proven number
// (Apple) adds a passkey and deletes itself.
import {
  ACCOUNT_DELETION_MESSAGES,
  type AuditPage,
  type DeleteMyAccountInput,
  type DeletionProofsAnswer,
} from '@moments/shared';
import { Timestamp } from 'firebase-admin/firestore';
import { beforeAll, describe, expect, it } from 'vitest';
import { FRESH_PASSKEY_LIMIT } from '../../functions/src/features/auth/fresh-proof';
import { documentsNaming } from '../support/account-deletion';
import { signedInAdmin } from '../support/admin';
import { ApiClient, expectApiUp } from '../support/api';
import { appleCode, newAppleId } from '../support/apple';
import { adminAuth, adminDb, appUrl } from '../support/emulators';
import { newMoment, signedIn, type SignedIn } from '../support/moments';
import { addPasskey, assertPasskey, passkeySiteOf, type SoftPasskey } from '../support/passkeys';

let site: { origin: string; rpId: string };

beforeAll(async () => {
  await expectApiUp();
  site = await passkeySiteOf(await appUrl());
});

type Choices = Pick<DeleteMyAccountInput, 'sharedMoments' | 'contributions'>;
const REMOVE_ALL: Choices = { sharedMoments: 'delete', contributions: 'remove' };

interface WithPasskey {
  uid: string;
  phoneNumber: string | null;
  client: ApiClient;
  passkey: SoftPasskey;
}

/** A person signed in by code, with one passkey added. */
async function personWithPasskey(): Promise<WithPasskey> {
  const { user, client }: SignedIn = await signedIn();
  const { passkey } = await addPasskey(client, site.origin);
  return { uid: user.uid, phoneNumber: user.phoneNumber, client, passkey };
}

interface StepOptions {
  challenge: string;
  userVerification?: string;
  allowCredentials?: { id: string }[];
}

/** Asks for this browser's passkey step; expects it to be given. */
async function passkeyStep(client: ApiClient): Promise<StepOptions> {
  const res = await client.post<StepOptions>('/api/account/deletion-passkey');
  expect(res.status).toBe(200);
  return res.body;
}

function deleteWithPasskey(client: ApiClient, passkey: unknown, choices: Choices = REMOVE_ALL) {
  return client.post<{ status?: string; message?: string }>('/api/account/delete', {
    passkey,
    ...choices,
  });
}

async function expectAccountGone(uid: string, phoneNumber: string | null, client: ApiClient) {
  expect(await documentsNaming(uid, phoneNumber)).toEqual([]);
  await expect(adminAuth.getUser(uid)).rejects.toMatchObject({ code: 'auth/user-not-found' });
  expect((await client.get('/api/user')).status).toBe(401);
}

async function expectAccountThere(uid: string, client: ApiClient) {
  expect((await adminDb.doc(`users/${uid}`).get()).exists).toBe(true);
  expect((await client.get('/api/user')).status).toBe(200);
}

async function auditRowsFor(uid: string) {
  const { client: admin } = await signedInAdmin();
  const res = await admin.get<AuditPage>(`/api/admin/audit?targetId=${uid}`);
  expect(res.status).toBe(200);
  return res.body.entries;
}

const refused = { status: 400, body: { message: ACCOUNT_DELETION_MESSAGES.passkeyRefused } };
const expired = { status: 410, body: { message: ACCOUNT_DELETION_MESSAGES.passkeyExpired } };

describe('the passkey step', () => {
  it('proves the person: only their passkeys asked for, with user verification; the account goes', async () => {
    const person = await personWithPasskey();
    await newMoment(person.client, { title: 'Mine' });
    const proofs = await person.client.get<DeletionProofsAnswer>('/api/account/deletion-proofs');
    expect(proofs.body).toEqual({ code: true, passkey: true });

    const options = await passkeyStep(person.client);
    expect(options.userVerification).toBe('required');
    expect(options.allowCredentials?.map((c) => c.id)).toEqual([
      person.passkey.credentialId.toString('base64url'),
    ]);
    const res = await deleteWithPasskey(
      person.client,
      assertPasskey(person.passkey, options.challenge, site),
    );
    expect(res).toMatchObject({ status: 200, body: { status: 'deleted' } });
    await expectAccountGone(person.uid, person.phoneNumber, person.client);
    expect(await auditRowsFor(person.uid)).toHaveLength(1);
  });

  it("refuses another person's passkey, and the answer without user verification", async () => {
    const person = await personWithPasskey();
    const stranger = await personWithPasskey();
    const options = await passkeyStep(person.client);
    const foreign = assertPasskey(stranger.passkey, options.challenge, site);
    expect(await deleteWithPasskey(person.client, foreign)).toMatchObject(refused);
    // The stranger's own browser, with the person's challenge: it was not asked for there.
    expect(await deleteWithPasskey(stranger.client, foreign)).toMatchObject(expired);

    const again = await passkeyStep(person.client);
    const unverified = assertPasskey(person.passkey, again.challenge, {
      ...site,
      userVerified: false,
    });
    expect(await deleteWithPasskey(person.client, unverified)).toMatchObject(refused);
    await expectAccountThere(person.uid, person.client);
    await expectAccountThere(stranger.uid, stranger.client);
  });

  it('refuses a sign-in challenge, an expired step, and another browser of the same person', async () => {
    const person = await personWithPasskey();
    // A sign-in challenge of this very browser is not a deletion step.
    const signIn = await person.client.post<{ challenge: string }>('/api/auth/passkey/options');
    expect(signIn.status).toBe(200);
    const signInAnswer = assertPasskey(person.passkey, signIn.body.challenge, site);
    expect(await deleteWithPasskey(person.client, signInAnswer)).toMatchObject(expired);
    // With a deletion step pending, the sign-in answer is signed over the wrong challenge.
    await passkeyStep(person.client);
    expect(
      await deleteWithPasskey(
        person.client,
        assertPasskey(person.passkey, signIn.body.challenge, site),
      ),
    ).toMatchObject(refused);

    // Older than five minutes.
    const options = await passkeyStep(person.client);
    const pending = await adminDb
      .collection('passkeyChallenges')
      .where('challenge', '==', options.challenge)
      .get();
    expect(pending.size).toBe(1);
    expect(pending.docs[0]!.get('uid')).toBe(person.uid);
    await pending.docs[0]!.ref.update({ expiresAt: Timestamp.fromMillis(Date.now() - 1000) });
    const late = assertPasskey(person.passkey, options.challenge, site);
    expect(await deleteWithPasskey(person.client, late)).toMatchObject(expired);

    // The same person signed in on another browser cannot answer this browser's step.
    const other = new ApiClient();
    expect((await other.signIn(person.phoneNumber!)).status).toBe(200);
    const mine = await passkeyStep(person.client);
    const answer = assertPasskey(person.passkey, mine.challenge, site);
    expect(await deleteWithPasskey(other, answer)).toMatchObject(expired);
    await expectAccountThere(person.uid, person.client);
  });

  it('a used answer is refused when replayed, even after a deletion that stopped midway', async () => {
    const person = await personWithPasskey();
    await adminDb
      .doc(`emulatorFailureHooks/accountDeletion-${person.uid}`)
      .set({ afterStep: 'subscription' });
    const options = await passkeyStep(person.client);
    const answer = assertPasskey(person.passkey, options.challenge, site);
    const failed = await deleteWithPasskey(person.client, answer);
    expect(failed).toMatchObject({
      status: 503,
      body: { message: ACCOUNT_DELETION_MESSAGES.stoppedMidway },
    });
    // The step was used by that request: the same answer again finds none.
    expect(await deleteWithPasskey(person.client, answer)).toMatchObject(expired);
    // ...and against a fresh step it is signed over the old challenge.
    await passkeyStep(person.client);
    expect(await deleteWithPasskey(person.client, answer)).toMatchObject(refused);
    await expectAccountThere(person.uid, person.client);

    const fresh = await passkeyStep(person.client);
    const res = await deleteWithPasskey(
      person.client,
      assertPasskey(person.passkey, fresh.challenge, site),
    );
    expect(res.status).toBe(200);
    await expectAccountGone(person.uid, person.phoneNumber, person.client);
  });

  it('parallel submits of one answer delete the account once', async () => {
    const person = await personWithPasskey();
    await newMoment(person.client, { title: 'Once' });
    const options = await passkeyStep(person.client);
    const answer = assertPasskey(person.passkey, options.challenge, site);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => deleteWithPasskey(person.client, answer)),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    // The others: the step was taken (410), or the session had already ended (401).
    expect(
      statuses.every((s) => [200, 401, 410].includes(s)),
      statuses.join(),
    ).toBe(true);
    await expectAccountGone(person.uid, person.phoneNumber, person.client);
    expect(await auditRowsFor(person.uid)).toHaveLength(1);
  });

  it('bodies: neither proof, both, or a malformed answer get 400; no passkey gets 409', async () => {
    const { user, client } = await signedIn();
    for (const body of [
      REMOVE_ALL,
      { ...REMOVE_ALL, code: '123456', passkey: { id: 'AA' } },
      { ...REMOVE_ALL, passkey: 'not-an-answer' },
    ]) {
      const res = await client.post<{ message: string }>('/api/account/delete', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await client.post('/api/account/delete', REMOVE_ALL)).body).toEqual({
      message: ACCOUNT_DELETION_MESSAGES.proofMissing,
    });
    expect(await client.post('/api/account/deletion-passkey')).toMatchObject({
      status: 409,
      body: { message: ACCOUNT_DELETION_MESSAGES.noPasskey },
    });
    expect((await new ApiClient().post('/api/account/deletion-passkey')).status).toBe(401);
    await expectAccountThere(user.uid, client);
  });

  it(`steps: ${FRESH_PASSKEY_LIMIT.limit} an hour per account, the last ones counted in parallel`, async () => {
    const person = await personWithPasskey();
    const ask = () => person.client.post('/api/account/deletion-passkey');
    // Most of the allowance one by one, then the rest and five more at once: exactly the
    // allowance is given, the five get 429.
    const { limit } = FRESH_PASSKEY_LIMIT;
    for (let spent = 0; spent < limit - 5; spent++) expect((await ask()).status).toBe(200);
    const burst = await Promise.all(Array.from({ length: 10 }, ask));
    expect(burst.map((r) => r.status).sort()).toEqual([
      ...Array(5).fill(200),
      ...Array(5).fill(429),
    ]);
  });
});

describe('an account with no proven number (Sign in with Apple)', () => {
  it('is offered no code; adds a passkey, then deletes itself end to end', async () => {
    const client = new ApiClient();
    const origin = { Origin: await appUrl() };
    const state = await client.post<{ state: string }>('/api/auth/apple/state', {}, origin);
    const signIn = await client.post<{ id: string }>(
      '/api/auth/apple',
      { code: await appleCode(newAppleId()), state: state.body.state },
      origin,
    );
    expect(signIn.status).toBe(200);
    const uid = signIn.body.id;
    expect(
      (await client.post('/api/auth/onboard', { firstName: 'Ari', lastName: 'Apple' })).status,
    ).toBe(200);
    await newMoment(client, { title: 'Orchard' });

    expect((await client.get<DeletionProofsAnswer>('/api/account/deletion-proofs')).body).toEqual({
      code: false,
      passkey: false,
    });
    expect(await client.post('/api/account/deletion-code')).toMatchObject({
      status: 409,
      body: { message: ACCOUNT_DELETION_MESSAGES.noPhone },
    });
    expect((await client.post('/api/account/deletion-passkey')).status).toBe(409);

    const { passkey } = await addPasskey(client, site.origin, 'Mac');
    expect((await client.get<DeletionProofsAnswer>('/api/account/deletion-proofs')).body).toEqual({
      code: false,
      passkey: true,
    });
    const options = await passkeyStep(client);
    const res = await deleteWithPasskey(client, assertPasskey(passkey, options.challenge, site), {
      sharedMoments: 'delete',
      contributions: 'keep',
    });
    expect(res).toMatchObject({ status: 200, body: { status: 'deleted' } });
    await expectAccountGone(uid, null, client);
    expect(await auditRowsFor(uid)).toHaveLength(1);
  });
});
