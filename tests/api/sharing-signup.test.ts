// Sharing (issue 5), joining without an account: the sign-up through a link without a code,
// what becomes of that account when the number is proved, and a targeted link's sign-up with
// a code. Every refusal a caller could meet is checked here.
import type { Collaborator, SignInResponse } from '@moments/shared';
import { INVITE_MESSAGES, SIGNUP_ERRORS } from '@moments/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, expectApiUp } from '../support/api';
import { adminAuth, adminDb, newPhoneNumber } from '../support/emulators';
import { newMoment, sharedMoment } from '../support/moments';
import {
  acceptInvite,
  accountOf,
  createInviteLink,
  expireInvite,
  inviteSignup,
  joined,
  refused,
} from '../support/sharing';

beforeAll(expectApiUp);

/**
 * Someone who signed up through a link for anyone without a code (a link account: the number
 * unproved) and joined the owner's moment with it.
 */
async function linkAccountInMoment() {
  const { owner, journal } = await sharedMoment();
  const link = await createInviteLink(owner.client, journal.id);
  const phoneNumber = newPhoneNumber();
  const client = new ApiClient();
  const made = await inviteSignup(client, {
    phoneNumber,
    journalId: journal.id,
    inviteToken: link.token,
  });
  expect(made.status).toBe(200);
  expect((await acceptInvite(client, journal.id, link.token)).body).toEqual(joined());
  return { owner, journal, phoneNumber, client, account: made.body };
}

describe('sign-up through a link without a code (skipVerification)', () => {
  it('creates an unverified account, signs it in, and lets it accept the link', async () => {
    const { owner, journal } = await sharedMoment();
    const link = await createInviteLink(owner.client, journal.id);
    const phoneNumber = newPhoneNumber();
    const client = new ApiClient();

    const res = await inviteSignup(client, {
      phoneNumber,
      journalId: journal.id,
      inviteToken: link.token,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      firstName: 'Nina',
      lastName: null,
      phoneNumber,
      needsOnboarding: false,
      customToken: expect.any(String),
    });
    expect(client.cookie).toBeDefined();
    const account = await accountOf(phoneNumber);
    expect(account?.id).toBe(res.body.id);
    expect(account?.get('phoneVerified')).toBe(false);

    expect((await client.get('/api/user')).status).toBe(200);
    expect((await acceptInvite(client, journal.id, link.token)).body).toEqual(joined());
    expect((await client.get(`/api/journals/${journal.id}`)).status).toBe(200);
  });

  it('refuses a targeted link, another moment, a revoked, expired or unknown link', async () => {
    const { owner, journal } = await sharedMoment();
    const phoneNumber = newPhoneNumber();
    const targeted = await createInviteLink(owner.client, journal.id, phoneNumber);
    const other = await newMoment(owner.client);
    const otherLink = await createInviteLink(owner.client, other.id);
    const revoked = await createInviteLink(owner.client, journal.id);
    await owner.client.delete(`/api/journals/${journal.id}/invites/${revoked.id}`);
    const old = await createInviteLink(owner.client, journal.id);
    await expireInvite(old);

    const cases: [string, string, number, string][] = [
      [targeted.token, journal.id, 403, INVITE_MESSAGES.verifyPhone],
      [otherLink.token, journal.id, 404, INVITE_MESSAGES.notFound],
      [revoked.token, journal.id, 410, INVITE_MESSAGES.revoked],
      [old.token, journal.id, 410, INVITE_MESSAGES.expired],
      ['A'.repeat(43), journal.id, 404, INVITE_MESSAGES.notFound],
    ];
    for (const [inviteToken, journalId, status, message] of cases) {
      const client = new ApiClient();
      const res = await inviteSignup(client, { phoneNumber, journalId, inviteToken });
      expect(res.status).toBe(status);
      expect(res.body).toEqual({ message });
      expect(client.cookie).toBeUndefined();
    }
    expect(await accountOf(phoneNumber)).toBeUndefined();
    await expect(adminAuth.getUserByPhoneNumber(phoneNumber)).rejects.toThrow();
  });

  it('answers 409 for a number that already has an account, verified or not', async () => {
    const { owner, journal } = await sharedMoment();
    const link = await createInviteLink(owner.client, journal.id);
    const first = { phoneNumber: newPhoneNumber(), journalId: journal.id, inviteToken: link.token };
    expect((await inviteSignup(new ApiClient(), first)).status).toBe(200);
    for (const phoneNumber of [first.phoneNumber, owner.user.phoneNumber]) {
      const client = new ApiClient();
      const res = await inviteSignup(client, { ...first, phoneNumber });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ message: SIGNUP_ERRORS.alreadyRegistered });
      expect(client.cookie).toBeUndefined();
    }
  });

  it('answers 400 without a token or a moment', async () => {
    const res = await new ApiClient().post('/api/auth/signup', {
      phoneNumber: newPhoneNumber(),
      firstName: 'Nina',
      lastName: 'N',
      termsAccepted: true,
      skipVerification: true,
    });
    expect(res.status).toBe(400);
  });

  it('never makes the number sign in to the link account: a later code opens a clean one', async () => {
    const { owner, journal, phoneNumber, client: first, account } = await linkAccountInMoment();
    // The link account names the number, but Firebase Auth does not tie the number to it.
    await expect(adminAuth.getUserByPhoneNumber(phoneNumber)).rejects.toThrow();
    const other = await newMoment(owner.client, { title: 'Only for that number' });
    const targeted = await createInviteLink(owner.client, other.id, phoneNumber);
    // Unproved, the number does not count as the target's.
    expect((await acceptInvite(first, other.id, targeted.token)).body).toEqual(
      refused(INVITE_MESSAGES.wrongPerson),
    );

    // Whoever proves the number elsewhere gets an account of their own, without the link
    // account's profile or moments; the link account loses the number and its sessions.
    const later = new ApiClient();
    expect((await later.post('/api/auth/check-user', { phoneNumber })).status).toBe(200);
    const signIn = await later.signIn(phoneNumber);
    expect(signIn.status).toBe(200);
    expect(signIn.body).toMatchObject({ phoneNumber, firstName: null, needsOnboarding: true });
    expect(signIn.body.id).not.toBe(account.id);
    expect((await later.get<{ id: string }[]>('/api/journals')).body).toEqual([]);
    expect((await later.get(`/api/journals/${journal.id}`)).status).toBe(404);
    expect((await acceptInvite(later, other.id, targeted.token)).body).toEqual(joined());
    expect((await first.get('/api/user')).status).toBe(401);
    const linkAccount = await adminDb.doc(`users/${account.id}`).get();
    expect(linkAccount.get('phoneNumber')).toBeNull();
    expect((await adminAuth.getUser(account.id)).disabled).toBe(true);
    expect((await accountOf(phoneNumber))?.id).toBe(signIn.body.id);
  });

  it('gives a later verified sign-up of the number a clean account, with its own fields', async () => {
    const { owner, journal, phoneNumber, client: impostor, account } = await linkAccountInMoment();

    const realOwner = new ApiClient();
    const signup = await realOwner.post('/api/auth/signup', {
      phoneNumber,
      firstName: 'Real',
      lastName: 'Owner',
      email: 'real@example.com',
      termsAccepted: true,
    });
    expect(signup.status).toBe(200);
    const verified = await realOwner.verifyLatestCode<SignInResponse>(phoneNumber);
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({
      firstName: 'Real',
      lastName: 'Owner',
      email: 'real@example.com',
      phoneNumber,
    });
    expect(verified.body.id).not.toBe(account.id);
    expect((await impostor.get('/api/user')).status).toBe(401);
    expect((await realOwner.get<{ id: string }[]>('/api/journals')).body).toEqual([]);
    // The moment still lists the link account under the name it gave, not the owner.
    const members = await owner.client.get<Collaborator[]>(`/api/journals/${journal.id}/members`);
    expect(members.body.map((m) => m.id)).not.toContain(verified.body.id);
  });

  it("keeps the link account when the invitee's own browser proves the number", async () => {
    const { journal, phoneNumber, client: invitee, account } = await linkAccountInMoment();

    // Same browser (it holds the link account's session) and the code: the same person.
    const signIn = await invitee.signIn(phoneNumber);
    expect(signIn.status).toBe(200);
    expect(signIn.body).toMatchObject({ id: account.id, firstName: 'Nina' });
    expect((await accountOf(phoneNumber))?.get('phoneVerified')).toBe(true);
    expect((await invitee.get(`/api/journals/${journal.id}`)).status).toBe(200);
    // From now on the number signs in to it from anywhere.
    const elsewhere = await new ApiClient().signIn(phoneNumber);
    expect(elsewhere.body.id).toBe(account.id);
  });
});

describe('a targeted link for a number without an account', () => {
  it('signs up with a code (request-code isSignUp with the journalId), then accepts', async () => {
    const { owner, journal } = await sharedMoment();
    const phoneNumber = newPhoneNumber();
    const link = await createInviteLink(owner.client, journal.id, phoneNumber);
    const client = new ApiClient();
    const sent = await client.post('/api/auth/request-code', {
      phoneNumber,
      isSignUp: true,
      journalId: journal.id,
    });
    expect(sent.status).toBe(200);
    const verified = await client.verifyLatestCode<SignInResponse>(phoneNumber);
    expect(verified.status).toBe(200);
    expect(verified.body.needsOnboarding).toBe(true);
    expect(
      (await client.post('/api/auth/onboard', { firstName: 'Tara', lastName: 'Target' })).status,
    ).toBe(200);
    expect((await acceptInvite(client, journal.id, link.token)).body).toEqual(joined());
    const members = await owner.client.get<Collaborator[]>(`/api/journals/${journal.id}/members`);
    expect(members.body.at(-1)).toMatchObject({ firstName: 'Tara', role: 'contributor' });
  });
});
