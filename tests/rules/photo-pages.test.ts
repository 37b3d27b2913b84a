// The moment page's photo reads (issue 45) against firestore.rules: the photo index (one
// document for every photo) and the Photo Comments dialog's queries (entries tied to a photo,
// entries naming it as "#photo N") are a member's to read, and nobody else's: not a stranger,
// not someone removed from the moment.
import {
  assertFails,
  assertSucceeds,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  asAdminSdk,
  clientFor,
  resetData,
  seedOwnerEntries,
  startRulesEnvironment,
  type Db,
} from './environment';
import { callerOf, MOMENT_A, UID, type CallerKey } from './fixtures';

let env: RulesTestEnvironment;

beforeAll(async () => {
  env = await startRulesEnvironment();
});

beforeEach(async () => {
  await resetData(env);
  await seedOwnerEntries(env, [
    { id: 'tied', text: 'Look at this one', photoId: 'image-a1', photoRefs: [] },
    { id: 'named', text: 'Remember #photo 2', photoRefs: [2] },
    { id: 'other', text: 'Nothing to see', photoRefs: [] },
  ]);
});

afterAll(async () => {
  await env?.cleanup();
});

const db = (key: CallerKey): Db => clientFor(env, callerOf(key));
const comments = (client: Db) => client.collection(`journals/${MOMENT_A}/comments`);
const tiedTo = (client: Db, imageId: string) =>
  comments(client).where('photoId', '==', imageId).orderBy('createdAt').limitToLast(50);
const naming = (client: Db, n: number) =>
  comments(client).where('photoRefs', 'array-contains', n).orderBy('createdAt').limitToLast(50);
const index = (client: Db) => client.collection(`journals/${MOMENT_A}/photoIndex`);
const ids = (snap: { docs: { id: string }[] }) => snap.docs.map((doc) => doc.id);

describe("a moment's photo index and its photos' entries", () => {
  for (const key of ['owner', 'contributor'] as const) {
    it(`lets the ${key} read the index and each photo's entries`, async () => {
      const indexed = await assertSucceeds(index(db(key)).get());
      expect(ids(indexed)).toEqual(['all']);
      expect((indexed.docs[0]?.get('photos') as string[]).length).toBe(2);
      expect(ids(await assertSucceeds(tiedTo(db(key), 'image-a1').get()))).toEqual(['tied']);
      expect(ids(await assertSucceeds(naming(db(key), 2).get()))).toEqual(['named']);
    });
  }

  for (const key of ['signedOut', 'stranger', 'removed', 'admin'] as const) {
    it(`refuses the index and every photo's entries to a ${key}`, async () => {
      await assertFails(index(db(key)).get());
      await assertFails(index(db(key)).doc('all').get());
      await assertFails(tiedTo(db(key), 'image-a1').get());
      await assertFails(naming(db(key), 2).get());
    });
  }

  it('refuses them to a contributor the moment they are removed', async () => {
    await assertSucceeds(index(db('contributor')).doc('all').get());
    await asAdminSdk(env, (admin) =>
      admin.doc(`journals/${MOMENT_A}`).update({ memberIds: [UID.owner] }),
    );
    await assertFails(index(db('contributor')).doc('all').get());
    await assertFails(tiedTo(db('contributor'), 'image-a1').get());
    await assertFails(naming(db('contributor'), 2).get());
  });
});
