// "Delete my account" (POST /api/account/deletion-code, POST /api/account/delete): the fresh
// code, the choices (hand-over, keep as "a former member"), Stripe first, nothing keyed by the
// person left in Firestore, Auth or the bucket, a failure midway finished by a retry, and a
// double submit that does no harm.
import {
  ACCOUNT_DELETION_MESSAGES,
  BILLING_MESSAGES,
  FORMER_MEMBER_NAME,
  type AuditPage,
  type DeleteMyAccountInput,
} from '@moments/shared';
import { Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { ApiClient } from '../support/api';
import { signedInAdmin } from '../support/admin';
import { adminAuth, adminDb, appUrl, latestCode, requireEnv } from '../support/emulators';
import { documentsNaming } from '../support/account-deletion';
import { addContributor, newMoment, signedIn, type SignedIn } from '../support/moments';
import { imageForm, makeJpeg, storedObjects, uploadPhoto } from '../support/photos';
import { TEST_CARDS, payAtCheckout, standInUrl } from '../support/stripe';
import { subscribedDevice } from '../support/push-stand-in';
import { eventually } from '../support/eventually';

type Choices = Pick<DeleteMyAccountInput, 'sharedMoments' | 'contributions'>;
const REMOVE_ALL: Choices = { sharedMoments: 'delete', contributions: 'remove' };

/** Asks for the deletion code and answers the code the Auth emulator says was sent. */
async function freshCode(person: SignedIn): Promise<string> {
  const res = await person.client.post<{ phoneNumber: string }>('/api/account/deletion-code');
  expect(res.status).toBe(200);
  expect(res.body.phoneNumber).toBe(person.user.phoneNumber);
  return latestCode(person.user.phoneNumber);
}

function deleteAccount(client: ApiClient, code: string, choices: Choices = REMOVE_ALL) {
  return client.post<{ status?: string; message?: string }>('/api/account/delete', {
    code,
    ...choices,
  });
}

async function expectAccountGone(person: SignedIn) {
  const { uid, phoneNumber } = person.user;
  expect(await documentsNaming(uid, phoneNumber)).toEqual([]);
  await expect(adminAuth.getUser(uid)).rejects.toMatchObject({ code: 'auth/user-not-found' });
  expect(await storedObjects(`users/${uid}/`)).toEqual([]);
  expect((await person.client.get('/api/user')).status).toBe(401);
}

/** The audit rows about `uid` (the admin API reads them). */
async function auditRowsFor(uid: string) {
  const { client: admin } = await signedInAdmin();
  const res = await admin.get<AuditPage>(`/api/admin/audit?targetId=${uid}`);
  expect(res.status).toBe(200);
  return res.body.entries;
}

/** A friend's moment that `person` joined, with a photo and an entry of theirs in it. */
async function friendsMomentWithContributions(person: SignedIn) {
  const friend = await signedIn({ firstName: 'Fay', lastName: 'Friend' });
  const moment = await newMoment(friend.client, { title: 'Beach day' });
  await addContributor(moment.id, person.user);
  const photo = await uploadPhoto(person.client, moment.id);
  expect(photo.status).toBe(201);
  const entry = await person.client.post<{ id: string }>(`/api/journals/${moment.id}/comments`, {
    text: 'What a swim',
    photoId: photo.body.id,
  });
  expect(entry.status).toBe(201);
  const reply = await friend.client.post<{ id: string }>(`/api/journals/${moment.id}/comments`, {
    text: 'Cold though',
    parentCommentId: entry.body.id,
  });
  expect(reply.status).toBe(201);
  const link = await person.client.post(`/api/journals/${moment.id}/invites`, {});
  expect(link.status).toBe(201);
  return { friend, moment, photoId: photo.body.id, entryId: entry.body.id, replyId: reply.body.id };
}

describe('the fresh code', () => {
  it('refuses without a code, with a wrong one, and with a code this browser did not ask for', async () => {
    const person = await signedIn();
    // Another browser signed in as the same person, before the code is asked for.
    const other = new ApiClient();
    expect((await other.signIn(person.user.phoneNumber)).status).toBe(200);
    expect((await deleteAccount(person.client, '')).status).toBe(400);
    // No deletion code asked for (the sign-in's code is used up): nothing to check.
    const unasked = await deleteAccount(person.client, '123456');
    expect(unasked.status).toBe(410);
    expect(unasked.body).toEqual({ message: ACCOUNT_DELETION_MESSAGES.codeExpired });

    const code = await freshCode(person);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const refused = await deleteAccount(person.client, wrong);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ message: ACCOUNT_DELETION_MESSAGES.wrongCode });
    // The right code, from a browser that did not ask for it.
    expect((await deleteAccount(other, code)).status).toBe(410);
    expect((await deleteAccount(new ApiClient(), code)).status).toBe(401);
    expect((await adminDb.doc(`users/${person.user.uid}`).get()).exists).toBe(true);
    expect((await person.client.get('/api/user')).status).toBe(200);

    expect((await deleteAccount(person.client, code)).status).toBe(200);
    await expectAccountGone(person);
  });

  it('is only asked for by the signed-in person, and the choices are checked', async () => {
    expect((await new ApiClient().post('/api/account/deletion-code')).status).toBe(401);
    const person = await signedIn();
    const code = await freshCode(person);
    const bad = await person.client.post('/api/account/delete', {
      code,
      sharedMoments: 'give-away',
      contributions: 'remove',
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ message: ACCOUNT_DELETION_MESSAGES.choiceInvalid });
    expect((await adminDb.doc(`users/${person.user.uid}`).get()).exists).toBe(true);
    expect((await person.client.get('/api/user')).status).toBe(200);
  });
});

describe('deleting', () => {
  it('leaves nothing keyed by the person: moments, entries and photos elsewhere, links, pushes, bytes', async () => {
    const person = await signedIn({ firstName: 'Gone', lastName: 'Soon' });
    const own = await newMoment(person.client, { title: 'Private' });
    expect((await uploadPhoto(person.client, own.id)).status).toBe(201);
    await person.client.post(`/api/journals/${own.id}/comments`, { text: 'mine' });
    const picture = await person.client.postForm('/api/upload', imageForm(await makeJpeg()));
    expect(picture.status).toBe(201);
    // A shared moment of theirs, deleted (not handed over) by this choice.
    const ownShared = await newMoment(person.client, { title: 'Ours' });
    const guest = await signedIn();
    await addContributor(ownShared.id, guest.user);
    const elsewhere = await friendsMomentWithContributions(person);
    // A device with notifications on, and a muted moment (pushProfiles/{uid}).
    await subscribedDevice(person.client);
    expect((await person.client.put(`/api/journals/${own.id}/mute`, { muted: true })).status).toBe(
      200,
    );
    expect(await storedObjects(`users/${person.user.uid}/`)).toHaveLength(1);
    expect(
      await storedObjects(`journals/${elsewhere.moment.id}/${elsewhere.photoId}/`),
    ).not.toEqual([]);

    const res = await deleteAccount(person.client, await freshCode(person));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'deleted' });

    await expectAccountGone(person);
    for (const id of [own.id, ownShared.id]) {
      expect((await adminDb.doc(`journals/${id}`).get()).exists).toBe(false);
      expect(await storedObjects(`journals/${id}/`)).toEqual([]);
    }
    // The friend's moment stays, without the person's photo, entry (and the reply to it).
    const theirs = await adminDb.doc(`journals/${elsewhere.moment.id}`).get();
    expect(theirs.get('memberIds')).toEqual([elsewhere.friend.user.uid]);
    expect(theirs.get('photoCount')).toBe(0);
    expect(await storedObjects(`journals/${elsewhere.moment.id}/`)).toEqual([]);
    const comments = await adminDb.collection(`journals/${elsewhere.moment.id}/comments`).get();
    expect(comments.size).toBe(0);
    // The guest of the deleted shared moment lost it from their list.
    const list = await guest.client.get<{ id: string }[]>('/api/journals');
    expect(JSON.stringify(list.body)).not.toContain(ownShared.id);

    const rows = await auditRowsFor(person.user.uid);
    expect(rows).toHaveLength(1);
    // That it happened, not what: no name, no counts.
    expect(rows[0]).toMatchObject({
      action: 'account.self_delete',
      actorId: person.user.uid,
      actorName: null,
      targetName: null,
      detail: null,
    });
  });

  it('hands a shared moment to the longest-standing other member and keeps entries as "a former member"', async () => {
    const person = await signedIn({ firstName: 'Hana', lastName: 'Handover' });
    const [first, second] = await Promise.all([
      signedIn({ firstName: 'First' }),
      signedIn({ firstName: 'Second' }),
    ]);
    const moment = await newMoment(person.client, { title: 'Family tree' });
    // `first` joins before `second`: the join time decides, not the order of the ids.
    await addContributor(moment.id, first.user);
    await new Promise((r) => setTimeout(r, 50));
    await addContributor(moment.id, second.user);
    const photo = await uploadPhoto(person.client, moment.id);
    const entry = await person.client.post<{ id: string }>(`/api/journals/${moment.id}/comments`, {
      text: 'Grandma at 90',
    });
    const elsewhere = await friendsMomentWithContributions(person);

    const res = await deleteAccount(person.client, await freshCode(person), {
      sharedMoments: 'handOver',
      contributions: 'keep',
    });
    expect(res.status).toBe(200);

    const handed = await adminDb.doc(`journals/${moment.id}`).get();
    expect(handed.get('userId')).toBe(first.user.uid);
    expect(handed.get(`members.${first.user.uid}.role`)).toBe('owner');
    expect(handed.get(`members.${second.user.uid}.role`)).toBe('contributor');
    expect([...(handed.get('memberIds') as string[])].sort()).toEqual(
      [first.user.uid, second.user.uid].sort(),
    );
    // The dashboard's counters (kept by triggers) follow: the heir owns one moment, joins none.
    await eventually(async () => {
      const stats = (await adminDb.doc(`users/${first.user.uid}`).get()).get('stats') as
        Record<string, number> | undefined;
      expect(stats).toMatchObject({ momentsOwned: 1, momentsJoined: 0 });
    });
    // The new owner may now do what only an owner does.
    expect((await first.client.patch(`/api/journals/${moment.id}`, { title: 'Ours' })).status).toBe(
      200,
    );

    // Kept entries show "A former member": no name, picture or number of the person.
    for (const [reader, journalId, entryId] of [
      [first, moment.id, entry.body.id],
      [elsewhere.friend, elsewhere.moment.id, elsewhere.entryId],
    ] as const) {
      const seen = await reader.client.get<{ id: string; user: Record<string, unknown> }[]>(
        `/api/journals/${journalId}/comments`,
      );
      expect(seen.status).toBe(200);
      const shown = seen.body.find((e) => e.id === entryId);
      expect(shown?.user).toMatchObject({ firstName: FORMER_MEMBER_NAME, profilePictureUrl: null });
      const stored = await adminDb.doc(`journals/${journalId}/comments/${entryId}`).get();
      const text = JSON.stringify(stored.data());
      expect(text).not.toMatch(/Hana|Handover/);
      expect(text).not.toContain(person.user.phoneNumber);
    }
    // Their photos stay with the moments (and their bytes).
    expect((await adminDb.doc(`journals/${moment.id}/images/${photo.body.id}`).get()).exists).toBe(
      true,
    );
    expect(await storedObjects(`journals/${moment.id}/${photo.body.id}/`)).not.toEqual([]);

    // Apart from the entries and photos they chose to leave, nothing names them.
    const left = await documentsNaming(person.user.uid, person.user.phoneNumber);
    expect(
      left.every((path) => /\/(comments|images)\/[^/]+ \((userId|uploadedBy)\)$/.test(path)),
    ).toBe(true);
    await expect(adminAuth.getUser(person.user.uid)).rejects.toMatchObject({
      code: 'auth/user-not-found',
    });
    expect(await storedObjects(`users/${person.user.uid}/`)).toEqual([]);
  });

  it('cancels the subscription at Stripe first; if Stripe cannot, nothing is deleted', async () => {
    const person = await signedIn();
    const start = await person.client.post<{ url: string }>(
      '/api/billing/checkout',
      { period: 'monthly' },
      { Origin: await appUrl() },
    );
    expect(start.status).toBe(200);
    expect((await payAtCheckout(start.body.url, TEST_CARDS.pays)).status).toBe(303);
    const subscriptionId = (await adminDb.doc(`users/${person.user.uid}`).get()).get(
      'stripeSubscriptionId',
    ) as string;
    const moment = await newMoment(person.client, { title: 'Kept for now' });
    // Stripe refuses (a malformed id): 503, and the account and its moment are untouched.
    await adminDb
      .doc(`users/${person.user.uid}`)
      .update({ stripeSubscriptionId: 'sub_with/a-slash' });
    const refused = await deleteAccount(person.client, await freshCode(person));
    expect(refused.status).toBe(503);
    expect(refused.body).toEqual({ message: BILLING_MESSAGES.paymentsUnavailable });
    expect((await adminDb.doc(`journals/${moment.id}`).get()).exists).toBe(true);
    expect((await person.client.get('/api/user')).status).toBe(200);

    await adminDb.doc(`users/${person.user.uid}`).update({ stripeSubscriptionId: subscriptionId });
    const res = await deleteAccount(person.client, await freshCode(person));
    expect(res.status).toBe(200);
    const atStripe = await fetch(`${standInUrl()}/v1/subscriptions/${subscriptionId}`, {
      headers: { Authorization: `Bearer ${requireEnv('STRIPE_SECRET_KEY')}` },
    });
    expect(((await atStripe.json()) as { status: string }).status).toBe('canceled');
    await expectAccountGone(person);
  });

  it('finishes, on a retry, a deletion that failed midway', async () => {
    const person = await signedIn();
    const own = await newMoment(person.client, { title: 'Half' });
    const elsewhere = await friendsMomentWithContributions(person);
    await adminDb
      .doc(`emulatorFailureHooks/accountDeletion-${person.user.uid}`)
      .set({ afterStep: 'contributions' });

    const failed = await deleteAccount(person.client, await freshCode(person), {
      sharedMoments: 'delete',
      contributions: 'remove',
    });
    expect(failed.status).toBe(503);
    expect(failed.body).toEqual({ message: ACCOUNT_DELETION_MESSAGES.stoppedMidway });
    // Half done: their moment and entries are gone, the account and job are still there.
    expect((await adminDb.doc(`journals/${own.id}`).get()).exists).toBe(false);
    const job = await adminDb.doc(`accountDeletions/${person.user.uid}`).get();
    expect(job.get('stepsDone')).toEqual([
      'subscription',
      'endSessions',
      'ownedMoments',
      'contributions',
    ]);
    expect((await adminDb.doc(`users/${person.user.uid}`).get()).exists).toBe(true);
    // Sessions ended with the second step: the person signs in again to finish.
    expect((await person.client.get('/api/user')).status).toBe(401);
    expect((await person.client.signIn(person.user.phoneNumber)).status).toBe(200);

    // The retry keeps the first choices (here it asks to keep: the job's "remove" stands).
    const res = await deleteAccount(person.client, await freshCode(person), {
      sharedMoments: 'handOver',
      contributions: 'keep',
    });
    expect(res.status).toBe(200);
    await expectAccountGone(person);
    expect((await adminDb.doc(`journals/${elsewhere.moment.id}`).get()).get('memberIds')).toEqual([
      elsewhere.friend.user.uid,
    ]);
    expect(await auditRowsFor(person.user.uid)).toHaveLength(1);
  });

  it('does no harm when submitted twice at once', async () => {
    const person = await signedIn();
    await newMoment(person.client, { title: 'Twice' });
    await friendsMomentWithContributions(person);
    const code = await freshCode(person);
    const answers = await Promise.all([1, 2, 3].map(() => deleteAccount(person.client, code)));
    const statuses = answers.map((a) => a.status);
    expect(statuses).toContain(200);
    // The others: the code was used (410), the deletion was running (202) or done (200), or
    // the session had already ended (401).
    expect(
      statuses.every((s) => [200, 202, 401, 410].includes(s)),
      statuses.join(),
    ).toBe(true);
    await expectAccountGone(person);
    expect(await auditRowsFor(person.user.uid)).toHaveLength(1);
  });

  it('answers 202 while another request runs the deletion, and takes over one abandoned', async () => {
    const person = await signedIn();
    const moment = await newMoment(person.client, { title: 'Still here' });
    const job = adminDb.doc(`accountDeletions/${person.user.uid}`);
    const started = {
      by: 'self',
      sharedMoments: 'delete',
      contributions: 'remove',
      jobId: 'running-elsewhere',
      runId: 'another-request',
      stepsDone: [],
    };
    await job.set({ ...started, leaseUntil: Timestamp.fromMillis(Date.now() + 60_000) });
    const busy = await deleteAccount(person.client, await freshCode(person));
    expect(busy.status).toBe(202);
    expect(busy.body).toEqual({ status: 'inProgress' });
    expect((await adminDb.doc(`journals/${moment.id}`).get()).exists).toBe(true);

    // That request died (its lease ran out): the next try finishes the job.
    await job.update({ leaseUntil: Timestamp.fromMillis(Date.now() - 1000) });
    expect((await deleteAccount(person.client, await freshCode(person))).status).toBe(200);
    await expectAccountGone(person);
  });
});
