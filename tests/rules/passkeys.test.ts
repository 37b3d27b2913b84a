// The passkey collections (features/auth/passkeys.ts) are the server's alone: no client, not
// even the passkey's owner or an admin, reads, lists or writes a credential, a user handle or
// a pending challenge. My Account lists passkeys through /api/auth/passkeys.
import { assertFails, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { asAdminSdk, clientFor, resetData, startRulesEnvironment } from './environment';
import { CALLERS, UID } from './fixtures';

let env: RulesTestEnvironment;

const OWNER = UID.contributor;
const DOCS = {
  passkeys: {
    path: 'passkeys/pk-0123456789abcdef0123456789abcdef',
    data: { uid: OWNER, credentialId: 'AQID', publicKey: 'pQECAyYg', counter: 3, name: 'Phone' },
  },
  passkeyUsers: { path: `passkeyUsers/${OWNER}`, data: { userHandle: 'random-handle' } },
  passkeyChallenges: {
    path: 'passkeyChallenges/0123456789abcdef0123456789abcdef',
    data: { challenge: 'abc', uid: OWNER, expiresAt: new Date('2030-01-01T00:00:00Z') },
  },
};

beforeAll(async () => {
  env = await startRulesEnvironment();
  await resetData(env);
  await asAdminSdk(env, async (db) => {
    for (const { path, data } of Object.values(DOCS)) await db.doc(path).set(data);
  });
});

afterAll(async () => {
  await env?.cleanup();
});

for (const [collection, { path, data }] of Object.entries(DOCS)) {
  describe(`${collection}: nobody, not even the owner or an admin`, () => {
    for (const caller of CALLERS) {
      it(`${caller.key} cannot get, list, create, update or delete`, async () => {
        const db = clientFor(env, caller);
        await assertFails(db.doc(path).get());
        await assertFails(db.collection(collection).get());
        await assertFails(db.collection(collection).where('uid', '==', OWNER).get());
        await assertFails(db.collection(collection).doc().set(data));
        await assertFails(db.doc(path).update({ counter: 0, userHandle: 'mine' }));
        await assertFails(db.doc(path).delete());
      });
    }
  });
}
