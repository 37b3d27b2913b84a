// Notifications (issue 40): who hears about what. The fan-out runs in Firestore triggers after
// each write; messages arrive, decrypted, at the push service stand-in. The digest sweep and
// the stale cleanup are plain functions, called here with a clock of the test's choosing
// (scheduled functions do not run under the emulators).
import { PUSH_DIGEST_WINDOW_MS, pushTagForJournal, type Journal } from '@moments/shared';
import { Timestamp } from 'firebase-admin/firestore';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectApiUp, type ApiClient } from '../support/api';
import { adminDb } from '../support/emulators';
import {
  addContributor,
  newMoment,
  signedIn,
  tokenSignedIn,
  type SignedIn,
} from '../support/moments';
import { uploadPhoto } from '../support/photos';
import {
  answerWith,
  bodies,
  expire,
  received,
  subscribedDevice,
  TRIGGER_POLL,
  type Device,
} from '../support/push-stand-in';
import { acceptInvite, createInviteLink } from '../support/sharing';

let sweepDigests: (now?: Date) => Promise<number>;
let removeStaleDevices: (now?: Date) => Promise<number>;
let deletePushData: (uid: string) => Promise<void>;

beforeAll(async () => {
  await expectApiUp();
  // This process stands in for the emulated function: the stand-in's endpoints are allowed.
  process.env.FUNCTIONS_EMULATOR = 'true';
  ({ sweepDigests, removeStaleDevices, deletePushData } =
    await import('../../functions/src/features/push'));
});

interface Member extends SignedIn {
  device: Device;
}

/** A moment of `owner` shared with the others, each with one subscribed device. */
async function momentWith(names: string[], title = 'Lake weekend') {
  const people = await Promise.all(names.map((firstName) => signedIn({ firstName })));
  const journal = await newMoment(people[0]!.client, { title });
  for (const person of people.slice(1)) await addContributor(journal.id, person.user);
  const members: Member[] = await Promise.all(
    people.map(async (person) => ({ ...person, device: await subscribedDevice(person.client) })),
  );
  return { journal, members };
}

async function post(client: ApiClient, journal: Journal, fields: Record<string, unknown>) {
  const res = await client.post<{ id: string }>(`/api/journals/${journal.id}/comments`, fields);
  expect(res.status).toBe(201);
  return res.body;
}

const digestDoc = (uid: string, journalId: string) =>
  adminDb.doc(`pushDigests/${uid}_${journalId}`).get();
const countOf = async (device: Device) => (await received(device)).length;
const afterWindow = () => new Date(Date.now() + PUSH_DIGEST_WINDOW_MS + 60_000);

describe('an entry by someone else', () => {
  it('reaches each other member once, at once, tagged for the moment; never the author', async () => {
    const { journal, members } = await momentWith(['Ann', 'Bea', 'Cai']);
    const [ann, bea, cai] = members as [Member, Member, Member];
    await post(bea.client, journal, { text: 'We made it to the lake!' });

    await expect.poll(() => countOf(ann.device), TRIGGER_POLL).toBe(1);
    await expect.poll(() => countOf(cai.device), TRIGGER_POLL).toBe(1);
    const [got] = await received(ann.device);
    expect(got!.message.notification).toMatchObject({
      title: 'Lake weekend',
      body: 'Bea: We made it to the lake!',
      tag: pushTagForJournal(journal.id),
    });
    expect(got!.message.notification.navigate).toMatch(new RegExp(`/journals/${journal.id}$`));
    expect(got!.message.app_badge).toBe(1);
    expect(got!.topic).toBe(pushTagForJournal(journal.id));
    expect(got!.ttl).toBeGreaterThan(0);
    // Every decision is taken before anything is sent: the author has none, and got nothing.
    expect((await digestDoc(bea.user.uid, journal.id)).exists).toBe(false);
    expect(await countOf(bea.device)).toBe(0);
  });

  it('says a reply for what it is', async () => {
    const { journal, members } = await momentWith(['Ann', 'Bea'], 'Reunion');
    const [ann, bea] = members as [Member, Member];
    const parent = await post(ann.client, journal, { text: 'Who brings the cake?' });
    await post(bea.client, journal, { text: 'Me!', parentCommentId: parent.id });
    await expect.poll(() => bodies(ann.device), TRIGGER_POLL).toEqual(['Bea replied: Me!']);
  });

  it('says a photo comment for what it is', async () => {
    const { journal: other, members: others } = await momentWith(['Ann', 'Bea'], 'Garden');
    const [ann2, bea2] = others as [Member, Member];
    const photo = await uploadPhoto(ann2.client, other.id);
    expect(photo.status).toBe(201);
    await post(bea2.client, other, { text: 'Lovely light', photoId: photo.body.id });
    await expect
      .poll(() => bodies(ann2.device), TRIGGER_POLL)
      .toEqual(['Bea on a photo: Lovely light']);
  });
});

describe('photos', () => {
  it('one notification per upload batch, not per photo', async () => {
    const { journal, members } = await momentWith(['Ann', 'Bea'], 'Beach');
    const [ann, bea] = members as [Member, Member];
    const first = await uploadPhoto(bea.client, journal.id);
    const second = await uploadPhoto(bea.client, journal.id);
    expect([first.status, second.status]).toEqual([201, 201]);
    await expect.poll(() => bodies(ann.device), TRIGGER_POLL).toEqual(['Bea added photos']);
    // The second photo's trigger has run once the batch remembers it; it sent nothing more.
    const lastPhotoAt = Date.parse(second.body.createdAt);
    await expect
      .poll(async () => {
        const batch = await adminDb.doc(`pushPhotoBatches/${journal.id}_${bea.user.uid}`).get();
        return (batch.get('lastPhotoAt') as Timestamp | undefined)?.toMillis();
      }, TRIGGER_POLL)
      .toBe(lastPhotoAt);
    expect(await countOf(ann.device)).toBe(1);
    expect(await countOf(bea.device)).toBe(0);
  });
});

describe('joining through a link', () => {
  it('tells the link’s maker only', async () => {
    const { journal, members } = await momentWith(['Ann', 'Bea'], 'Picnic');
    const [ann, bea] = members as [Member, Member];
    const link = await createInviteLink(ann.client, journal.id);
    const newcomer = await signedIn({ firstName: 'Nia' });
    expect((await acceptInvite(newcomer.client, journal.id, link.token)).status).toBe(200);
    await expect
      .poll(() => bodies(ann.device), TRIGGER_POLL)
      .toEqual(['Nia joined through your link']);
    expect((await digestDoc(bea.user.uid, journal.id)).exists).toBe(false);
    expect(await countOf(bea.device)).toBe(0);
  });
});

describe('who never hears', () => {
  it('a member who muted the moment, and one who was removed', async () => {
    const { journal, members } = await momentWith(['Ann', 'Bea', 'Cai', 'Dan'], 'Hike');
    const [ann, bea, cai, dan] = members as [Member, Member, Member, Member];
    expect((await cai.client.put(`/api/journals/${journal.id}/mute`, { muted: true })).status).toBe(
      200,
    );
    const removal = await ann.client.delete(`/api/journals/${journal.id}/members/${dan.user.uid}`);
    expect(removal.status).toBe(200);
    await post(bea.client, journal, { text: 'Summit!' });
    await expect.poll(() => countOf(ann.device), TRIGGER_POLL).toBe(1);
    for (const person of [cai, dan]) {
      expect((await digestDoc(person.user.uid, journal.id)).exists).toBe(false);
      expect(await countOf(person.device)).toBe(0);
    }
  });
});

describe('dead subscriptions', () => {
  it('404, 410, 401 and 403 from the push service delete the device; others stay', async () => {
    const { journal, members } = await momentWith(['Ann', 'Bea'], 'Trip');
    const [ann, bea] = members as [Member, Member];
    const dead = await Promise.all([1, 2, 3, 4].map(() => subscribedDevice(ann.client)));
    await expire(dead[0]!);
    await answerWith(dead[1]!, 404);
    await answerWith(dead[2]!, 401);
    await answerWith(dead[3]!, 403);
    const deviceCount = async () =>
      Object.keys((await adminDb.doc(`pushProfiles/${ann.user.uid}`).get()).get('devices') ?? {})
        .length;
    expect(await deviceCount()).toBe(5);
    await post(bea.client, journal, { text: 'Hello' });
    await expect.poll(() => countOf(ann.device), TRIGGER_POLL).toBe(1);
    await expect.poll(deviceCount, TRIGGER_POLL).toBe(1);
  });

  it('a device no app start re-synced for 60 days goes; a fresh one stays', async () => {
    const { user, client } = await signedIn();
    const [stale] = await Promise.all([subscribedDevice(client), subscribedDevice(client)]);
    const ref = adminDb.doc(`pushProfiles/${user.uid}`);
    const devices = (await ref.get()).get('devices') as Record<string, { endpoint: string }>;
    const staleId = Object.entries(devices).find(
      ([, device]) => device.endpoint === stale!.subscription.endpoint,
    )![0];
    const longAgo = Timestamp.fromMillis(Date.now() - 61 * 24 * 60 * 60 * 1000);
    await ref.update({ [`devices.${staleId}.lastSeenAt`]: longAgo, oldestSeenAt: longAgo });
    expect(await removeStaleDevices(new Date())).toBeGreaterThanOrEqual(1);
    const left = Object.keys((await ref.get()).get('devices') as object);
    expect(left).toHaveLength(1);
    expect(left).not.toContain(staleId);
  });
});

describe('an account deleted', () => {
  it('takes its devices, settings and digests with it', async () => {
    const { journal, members } = await momentWith(['Ann', 'Bea'], 'Farewell');
    const [ann, bea] = members as [Member, Member];
    await post(bea.client, journal, { text: 'Bye' });
    await expect.poll(() => countOf(ann.device), TRIGGER_POLL).toBe(1);
    await deletePushData(ann.user.uid);
    expect((await adminDb.doc(`pushProfiles/${ann.user.uid}`).get()).exists).toBe(false);
    expect((await digestDoc(ann.user.uid, journal.id)).exists).toBe(false);
  });
});

describe('the digest', () => {
  it('folds further events within the window into one, counted from the unseen count', async () => {
    const { journal, members } = await momentWith(['Ann', 'Bea', 'Cai'], 'Lake weekend');
    const [ann, bea, cai] = members as [Member, Member, Member];
    await post(bea.client, journal, { text: 'First' });
    await expect.poll(() => countOf(ann.device), TRIGGER_POLL).toBe(1);
    await post(cai.client, journal, { text: 'Second' });
    const lastEventAt = async () =>
      ((await digestDoc(ann.user.uid, journal.id)).get('lastEventAt') as Timestamp).toMillis();
    await expect
      .poll(async () => (await digestDoc(ann.user.uid, journal.id)).get('dueAt'), TRIGGER_POLL)
      .toBeInstanceOf(Timestamp);
    const afterSecond = await lastEventAt();
    await post(bea.client, journal, { text: 'Third' });
    // Folded too: recorded on Ann's digest, nothing sent.
    await expect.poll(lastEventAt, TRIGGER_POLL).toBeGreaterThan(afterSecond);
    expect(await countOf(ann.device)).toBe(1);

    await sweepDigests(afterWindow());
    await expect
      .poll(() => bodies(ann.device))
      .toEqual(['Bea: First', '3 new entries in Lake weekend']);
    const [, digest] = await received(ann.device);
    expect(digest!.message.notification.tag).toBe(pushTagForJournal(journal.id));
    expect(digest!.message.app_badge).toBe(3);
  });

  it('sends nothing if the person opened the moment meanwhile', async () => {
    const { journal, members } = await momentWith(['Ann', 'Bea'], 'Cabin');
    const [ann, bea] = members as [Member, Member];
    await post(bea.client, journal, { text: 'One' });
    await expect.poll(() => countOf(ann.device), TRIGGER_POLL).toBe(1);
    await post(bea.client, journal, { text: 'Two' });
    await expect
      .poll(async () => (await digestDoc(ann.user.uid, journal.id)).get('dueAt'), TRIGGER_POLL)
      .toBeInstanceOf(Timestamp);
    expect((await ann.client.post(`/api/journals/${journal.id}/view`)).status).toBe(200);
    await sweepDigests(afterWindow());
    expect((await digestDoc(ann.user.uid, journal.id)).get('dueAt')).toBeNull();
    expect(await bodies(ann.device)).toEqual(['Bea: One']);
  });

  it('holds everything during quiet hours and sends one digest when they end', async () => {
    const { journal, members } = await momentWith(['Ann', 'Bea'], 'Night owls');
    const [ann, bea] = members as [Member, Member];
    const clock = (ms: number) => new Date(ms).toISOString().slice(11, 16);
    const now = Date.now();
    const quietHours = {
      start: clock(now - 3600_000),
      end: clock(now + 3600_000),
      timeZone: 'UTC',
    };
    expect((await ann.client.put('/api/push/settings', { quietHours })).status).toBe(200);
    await post(bea.client, journal, { text: 'Still up?' });
    await expect
      .poll(async () => (await digestDoc(ann.user.uid, journal.id)).get('dueAt'), TRIGGER_POLL)
      .toBeInstanceOf(Timestamp);
    expect(await countOf(ann.device)).toBe(0);
    await sweepDigests(afterWindow()); // still within the quiet hours
    expect(await countOf(ann.device)).toBe(0);
    await sweepDigests(new Date(now + 2 * 3600_000));
    await expect
      .poll(() => bodies(ann.device), TRIGGER_POLL)
      .toEqual(['1 new entry in Night owls']);
  });
});

describe('a busy moment', () => {
  it('20 members posting at once: every post answers 201, everyone else hears', async () => {
    const people = await Promise.all(
      Array.from({ length: 20 }, (_, i) => tokenSignedIn({ firstName: `Member${i}` })),
    );
    const journal = await newMoment(people[0]!.client, { title: 'Busy' });
    await Promise.all(people.slice(1).map((person) => addContributor(journal.id, person.user)));
    const devices: Device[] = [];
    for (const person of people) devices.push(await subscribedDevice(person.client));
    const started = Date.now();
    const answers = await Promise.all(
      people.map(async (person, i) => {
        const res = await person.client.post(`/api/journals/${journal.id}/comments`, {
          text: `Hi from ${i}`,
        });
        return { status: res.status, ms: Date.now() - started };
      }),
    );
    expect(answers.map((answer) => answer.status)).toEqual(people.map(() => 201));
    console.info(
      `20 parallel posts: slowest answered in ${Math.max(...answers.map((a) => a.ms))} ms`,
    );
    for (const [i, device] of devices.entries()) {
      await expect.poll(() => countOf(device), TRIGGER_POLL).toBeGreaterThanOrEqual(1);
      const heard = await bodies(device);
      expect(heard.some((body) => body?.startsWith(`Member${i}:`))).toBe(false);
    }
  }, 120_000); // as journals.test.ts's burst: 20 sign-ins and 20 posts on a shared 2-core machine
});
