// firestore.rules for the home list in pages (docs/data-model.md, "The home list in pages"): the
// queries the home page's listeners make, as a member and as someone else.
import {
  assertFails,
  assertSucceeds,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import firebase from 'firebase/compat/app';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { asAdminSdk, clientFor, resetData, startRulesEnvironment, type Db } from './environment';
import { callerOf, MOMENT_A, UID, type CallerKey } from './fixtures';

let env: RulesTestEnvironment;

/** The contributor's five more moments, newest first: page-1 ... page-5, an hour apart. */
const PAGED = ['page-1', 'page-2', 'page-3', 'page-4', 'page-5'];

beforeAll(async () => {
  env = await startRulesEnvironment();
});

beforeEach(async () => {
  await resetData(env);
  await asAdminSdk(env, async (db) => {
    const batch = db.batch();
    PAGED.forEach((id, i) => {
      const createdAt = new Date(Date.UTC(2025, 5, 1, 12 - i));
      batch.set(db.doc(`journals/${id}`), {
        userId: UID.contributor,
        title: id,
        memberIds: [UID.contributor],
        members: { [UID.contributor]: { role: 'owner', firstName: 'Cleo' } },
        createdAt,
        updatedAt: createdAt,
      });
      batch.set(db.doc(`memberStates/${id}_${UID.contributor}`), {
        journalId: id,
        userId: UID.contributor,
        isPinned: i === 4,
        newCommentsCount: i === 3 ? 2 : 0,
        lastViewedAt: null,
      });
    });
    await batch.commit();
  });
});

afterAll(async () => {
  await env?.cleanup();
});

const db = (key: CallerKey): Db => clientFor(env, callerOf(key));

/** The home list's page query, as the listener makes it, for `uid`'s moments. */
const page = (client: Db, uid: string) =>
  client
    .collection('journals')
    .where('memberIds', 'array-contains', uid)
    .orderBy('createdAt', 'desc')
    .orderBy(firebase.firestore.FieldPath.documentId(), 'desc');

describe('the home list in pages', () => {
  it('a member reads their moments a page at a time, the next page after a cursor', async () => {
    const first = await assertSucceeds(page(db('contributor'), UID.contributor).limit(3).get());
    expect(first.docs.map((d) => d.id)).toEqual(['page-1', 'page-2', 'page-3']);
    const last = first.docs[2]!;
    const next = await assertSucceeds(
      page(db('contributor'), UID.contributor)
        .startAfter(last.get('createdAt'), last.id)
        .limit(3)
        .get(),
    );
    // Then moment A (2025-01-01), the oldest.
    expect(next.docs.map((d) => d.id)).toEqual(['page-4', 'page-5', MOMENT_A]);
  });

  it("nobody reads a page of someone else's moments, member of some of them or not", async () => {
    await assertFails(page(db('stranger'), UID.contributor).limit(3).get());
    // The owner of moment A shares it with the contributor, but not the other five.
    await assertFails(page(db('owner'), UID.contributor).limit(3).get());
    await assertFails(
      db('contributor').collection('journals').orderBy('createdAt', 'desc').limit(3).get(),
    );
  });

  it('a stranger paging their own moments gets an empty page', async () => {
    const snapshot = await assertSucceeds(page(db('stranger'), UID.stranger).limit(3).get());
    expect(snapshot.empty).toBe(true);
  });

  it('a pinned moment is read by its id by a member and refused to anyone else', async () => {
    const byId = (client: Db, uid: string, id: string) =>
      client
        .collection('journals')
        .where('memberIds', 'array-contains', uid)
        .where(firebase.firestore.FieldPath.documentId(), '==', id)
        .get();
    const mine = await assertSucceeds(byId(db('contributor'), UID.contributor, 'page-5'));
    expect(mine.docs.map((d) => d.id)).toEqual(['page-5']);
    // Filtered to one document, the rules judge that document: someone else's is refused, not
    // an empty answer (so the home page's listener takes a refusal as "no longer theirs").
    await assertFails(byId(db('stranger'), UID.stranger, 'page-5'));
    await assertFails(byId(db('stranger'), UID.contributor, 'page-5'));
    await assertFails(db('stranger').doc('journals/page-5').get());
  });

  it('a member reads their own pinned and badged states, and nobody else\u2019s', async () => {
    const states = (client: Db, uid: string) =>
      client.collection('memberStates').where('userId', '==', uid);
    const pinned = await assertSucceeds(
      states(db('contributor'), UID.contributor).where('isPinned', '==', true).get(),
    );
    expect(pinned.docs.map((d) => d.get('journalId'))).toEqual(['page-5']);
    const badged = await assertSucceeds(
      states(db('contributor'), UID.contributor).where('newCommentsCount', '>', 0).get(),
    );
    // The fixtures' badge on moment A (1), and page-4's (2).
    expect(badged.docs.map((d) => d.get('journalId')).sort()).toEqual([MOMENT_A, 'page-4']);
    await assertFails(states(db('owner'), UID.contributor).where('isPinned', '==', true).get());
    await assertFails(
      states(db('stranger'), UID.contributor).where('newCommentsCount', '>', 0).get(),
    );
  });
});
