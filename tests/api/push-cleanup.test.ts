// Notifications' loose ends (issue 40): a deleted moment's digests and photo batches go with it,
// wherever it is deleted (by its owner, by the owner's own account deletion, by an admin's
// Delete account), and an admin's "Sign out everywhere" or Disable forgets the person's push
// devices, so a signed-out phone gets no more of their moments' content.
import { AUTH_SERVER_MESSAGES, type Journal } from '@moments/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInAdmin } from '../support/admin';
import { expectApiUp, type ApiClient } from '../support/api';
import { adminDb, latestCode } from '../support/emulators';
import { addContributor, newMoment, signedIn, type SignedIn } from '../support/moments';
import { uploadPhoto } from '../support/photos';
import { bodies, subscribedDevice, TRIGGER_POLL, type Device } from '../support/push-stand-in';

let saveSubscription: typeof import('../../functions/src/features/push/store').saveSubscription;

beforeAll(async () => {
  await expectApiUp();
  // This process stands in for the emulated function: the stand-in's endpoints are allowed.
  process.env.FUNCTIONS_EMULATOR = 'true';
  ({ saveSubscription } = await import('../../functions/src/features/push/store'));
});

interface Member extends SignedIn {
  device: Device;
}

/** A moment of the first person shared with the others, each with one subscribed device. */
async function momentWith(names: string[], title: string) {
  const people = await Promise.all(names.map((firstName) => signedIn({ firstName })));
  const journal = await newMoment(people[0]!.client, { title });
  for (const person of people.slice(1)) await addContributor(journal.id, person.user);
  const members: Member[] = await Promise.all(
    people.map(async (person) => ({ ...person, device: await subscribedDevice(person.client) })),
  );
  return { journal, members };
}

async function post(client: ApiClient, journal: Journal, text: string) {
  const res = await client.post(`/api/journals/${journal.id}/comments`, { text });
  expect(res.status).toBe(201);
}

/** Every document of any root collection whose `journalId` names the moment. */
async function documentsAbout(journalId: string): Promise<string[]> {
  const found: string[] = [];
  for (const collection of await adminDb.listCollections()) {
    const snap = await collection.where('journalId', '==', journalId).get();
    found.push(...snap.docs.map((doc) => doc.ref.path));
  }
  return found.sort();
}

/**
 * Notifications' documents about the moment, made by what members do in it: Bea's photo batch,
 * and the digests of the owner and of Bea (each heard about the other's entry).
 */
async function withPushDocuments(owner: Member, bea: Member, journal: Journal) {
  expect((await uploadPhoto(bea.client, journal.id)).status).toBe(201);
  await post(bea.client, journal, 'Swim at noon?');
  await post(owner.client, journal, 'Yes!');
  const expected = [
    `pushDigests/${owner.user.uid}_${journal.id}`,
    `pushDigests/${bea.user.uid}_${journal.id}`,
    `pushPhotoBatches/${journal.id}_${bea.user.uid}`,
  ].sort();
  await expect
    .poll(
      async () => (await documentsAbout(journal.id)).filter((p) => p.startsWith('push')),
      TRIGGER_POLL,
    )
    .toEqual(expected);
  // Every trigger has run: Bea heard of Ann's entry, and of Bea's two events the owner heard
  // the first at once and had the second folded into the digest (which then has a due time).
  await expect.poll(() => bodies(bea.device), TRIGGER_POLL).toEqual(['Ann: Yes!']);
  await expect
    .poll(
      async () =>
        (await adminDb.doc(`pushDigests/${owner.user.uid}_${journal.id}`).get()).get('dueAt'),
      TRIGGER_POLL,
    )
    .toBeTruthy();
}

describe("a deleted moment's notification documents go with it", () => {
  it('deleted by its owner', async () => {
    const { journal, members } = await momentWith(['Ann', 'Bea'], 'Lake weekend');
    const [ann, bea] = members as [Member, Member];
    await withPushDocuments(ann, bea, journal);

    expect((await ann.client.delete(`/api/journals/${journal.id}`)).status).toBe(200);
    expect(await documentsAbout(journal.id)).toEqual([]);
  });

  it("by the owner's own account deletion, others' digests and batches of it included", async () => {
    const { journal, members } = await momentWith(['Ann', 'Bea'], 'Garden');
    const [ann, bea] = members as [Member, Member];
    await withPushDocuments(ann, bea, journal);

    const asked = await ann.client.post('/api/account/deletion-code');
    expect(asked.status).toBe(200);
    const deleted = await ann.client.post('/api/account/delete', {
      code: await latestCode(ann.user.phoneNumber),
      sharedMoments: 'delete',
      contributions: 'remove',
    });
    expect(deleted.status).toBe(200);
    expect((await adminDb.doc(`journals/${journal.id}`).get()).exists).toBe(false);
    expect(await documentsAbout(journal.id)).toEqual([]);
  });

  it("by an admin's Delete account of its owner", async () => {
    const { journal, members } = await momentWith(['Ann', 'Bea'], 'Reunion');
    const [ann, bea] = members as [Member, Member];
    await withPushDocuments(ann, bea, journal);

    const { client: admin } = await signedInAdmin();
    const res = await admin.post(`/api/admin/people/${ann.user.uid}/delete`, {
      confirmation: 'DELETE',
    });
    expect(res.status).toBe(200);
    expect((await adminDb.doc(`journals/${journal.id}`).get()).exists).toBe(false);
    expect(await documentsAbout(journal.id)).toEqual([]);
  });
});

const devicesOf = async (uid: string) =>
  Object.keys(((await adminDb.doc(`pushProfiles/${uid}`).get()).get('devices') as object) ?? {});

describe("an admin's sign-out and disable end the person's notifications", () => {
  for (const [action, path] of [
    ['Sign out everywhere', 'sign-out'],
    ['Disable', 'disable'],
  ] as const) {
    it(`${action}: their devices are forgotten and hear nothing more; settings stay`, async () => {
      const { journal, members } = await momentWith(['Ann', 'Bea', 'Cai'], 'Beach');
      const [ann, bea, cai] = members as [Member, Member, Member];
      const second = await subscribedDevice(bea.client);
      await post(ann.client, journal, 'First swim');
      for (const device of [bea.device, second, cai.device]) {
        await expect.poll(() => bodies(device), TRIGGER_POLL).toEqual(['Ann: First swim']);
      }
      const quietHours = { start: '22:00', end: '07:00', timeZone: 'Europe/Berlin' };
      expect((await bea.client.put('/api/push/settings', { quietHours })).status).toBe(200);
      expect(await devicesOf(bea.user.uid)).toHaveLength(2);

      const signedInBefore = new Date(Date.now() - 1000);
      const { client: admin } = await signedInAdmin();
      expect((await admin.post(`/api/admin/people/${bea.user.uid}/${path}`, {})).status).toBe(200);
      expect(await devicesOf(bea.user.uid)).toEqual([]);
      expect((await bea.client.get('/api/user')).status).toBe(401);
      // A re-subscription that was already under way, by a session from before the admin acted,
      // lands after it: it stores nothing.
      await expect(
        saveSubscription(bea.user.uid, second.subscription, undefined, signedInBefore),
      ).rejects.toMatchObject({ status: 401, message: AUTH_SERVER_MESSAGES.signIn });
      expect(await devicesOf(bea.user.uid)).toEqual([]);

      // A later entry is decided for Cai (folded into a digest, as the second within the
      // window; the fan-out decides for everyone before sending), and for Bea nothing.
      await post(ann.client, journal, 'Second swim');
      await expect
        .poll(
          async () =>
            (await adminDb.doc(`pushDigests/${cai.user.uid}_${journal.id}`).get()).get('dueAt'),
          TRIGGER_POLL,
        )
        .toBeTruthy();
      expect(await bodies(bea.device)).toEqual(['Ann: First swim']);
      expect(await bodies(second)).toEqual(['Ann: First swim']);
      expect((await adminDb.doc(`pushDigests/${bea.user.uid}_${journal.id}`).get()).exists).toBe(
        false,
      );
      // The person's choices stay for their next sign-in.
      expect((await adminDb.doc(`pushProfiles/${bea.user.uid}`).get()).get('quietHours')).toEqual(
        quietHours,
      );
    });
  }

  it('after Sign out everywhere, a new sign-in subscribes its device again', async () => {
    const { user, client } = await signedIn();
    await subscribedDevice(client);
    const { client: admin } = await signedInAdmin();
    expect((await admin.post(`/api/admin/people/${user.uid}/sign-out`, {})).status).toBe(200);
    expect(await devicesOf(user.uid)).toEqual([]);
    expect((await client.signIn(user.phoneNumber)).status).toBe(200);
    await subscribedDevice(client);
    expect(await devicesOf(user.uid)).toHaveLength(1);
  });
});
