// The timeline's paged queries (issue 45) against firestore.rules: the newest page
// (orderBy createdAt, limitToLast) and an earlier page (endBefore an entry) are a member's to
// read and nobody else's.
import {
  assertFails,
  assertSucceeds,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import firebase from 'firebase/compat/app';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  clientFor,
  resetData,
  seedOwnerEntries,
  startRulesEnvironment,
  type Db,
} from './environment';
import { callerOf, MOMENT_A, type CallerKey } from './fixtures';

let env: RulesTestEnvironment;
const ENTRIES = 7;
const PAGE = 3;

beforeAll(async () => {
  env = await startRulesEnvironment();
});

beforeEach(async () => {
  await resetData(env);
  // Entries after the fixtures' two, a minute apart.
  await seedOwnerEntries(
    env,
    Array.from({ length: ENTRIES }, (_, k) => ({ id: `paged-${k + 1}`, text: `Paged ${k + 1}` })),
    1,
  );
});

afterAll(async () => {
  await env?.cleanup();
});

const db = (key: CallerKey): Db => clientFor(env, callerOf(key));
const comments = (client: Db) => client.collection(`journals/${MOMENT_A}/comments`);
const newestPage = (client: Db) => comments(client).orderBy('createdAt').limitToLast(PAGE);
const texts = (snap: { docs: { get: (field: string) => unknown }[] }) =>
  snap.docs.map((doc) => doc.get('text'));

describe('the timeline pages of a moment', () => {
  for (const key of ['owner', 'contributor'] as const) {
    it(`lets the ${key} read the newest page and the page before it`, async () => {
      const newest = await assertSucceeds(newestPage(db(key)).get());
      expect(texts(newest)).toEqual(['Paged 5', 'Paged 6', 'Paged 7']);
      const cursor = await assertSucceeds(comments(db(key)).doc('paged-5').get());
      const earlier = await assertSucceeds(
        comments(db(key)).orderBy('createdAt').endBefore(cursor).limitToLast(PAGE).get(),
      );
      expect(texts(earlier)).toEqual(['Paged 2', 'Paged 3', 'Paged 4']);
    });
  }

  for (const key of ['signedOut', 'stranger', 'removed', 'admin'] as const) {
    it(`refuses both pages to a ${key}`, async () => {
      await assertFails(newestPage(db(key)).get());
      await assertFails(
        comments(db(key))
          .orderBy('createdAt')
          .endBefore(firebase.firestore.Timestamp.fromMillis(Date.UTC(2030, 0, 1, 0, 5)))
          .limitToLast(PAGE)
          .get(),
      );
    });
  }
});
