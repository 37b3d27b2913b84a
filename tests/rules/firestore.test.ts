// firestore.rules against the emulator: the full access matrix (matrix.ts) for every kind of
// caller and operation, then the cases the matrix cannot express on its own.
import {
  assertFails,
  assertSucceeds,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { asAdminSdk, clientFor, resetData, startRulesEnvironment } from './environment';
import {
  CALLERS,
  callerOf,
  MOMENT_A,
  MOMENT_B,
  REVOKED_INVITE_HASH,
  SEED,
  UID,
  adminLoginToken,
  type Caller,
} from './fixtures';
import { POLICIES } from './matrix';

let env: RulesTestEnvironment;

beforeAll(async () => {
  env = await startRulesEnvironment();
});

beforeEach(async () => {
  await resetData(env);
});

afterAll(async () => {
  await env?.cleanup();
});

const db = (caller: Caller) => clientFor(env, caller);
const can = (allowed: boolean) => (allowed ? 'can' : 'cannot');
const expectAccess = <T>(allowed: boolean, attempt: Promise<T>) =>
  allowed ? assertSucceeds(attempt) : assertFails(attempt);

for (const policy of POLICIES) {
  describe(`${policy.path}: ${policy.policy}`, () => {
    for (const doc of policy.docs) {
      for (const who of CALLERS) {
        const mayRead = doc.readers.includes(who.key);
        const what = doc.what(who);

        it(`${who.name} ${can(mayRead)} get ${what}`, async () => {
          const snapshot = await expectAccess(mayRead, db(who).doc(doc.path).get());
          if (mayRead) expect(snapshot.exists).toBe(true);
        });

        it(`${who.name} cannot create ${what}`, async () => {
          // Remove it first, so that the attempt is a create and not an update.
          await asAdminSdk(env, (admin) => admin.doc(doc.path).delete());
          await assertFails(
            db(who)
              .doc(doc.path)
              .set(SEED[doc.path] ?? {}),
          );
        });

        it(`${who.name} cannot update ${what}`, async () => {
          await assertFails(db(who).doc(doc.path).update(doc.change));
        });

        it(`${who.name} cannot delete ${what}`, async () => {
          await assertFails(db(who).doc(doc.path).delete());
        });
      }
    }

    for (const list of policy.lists) {
      for (const who of CALLERS) {
        const mayList = list.allowed.includes(who.key);
        it(`${who.name} ${can(mayList)} list ${list.what(who)}`, async () => {
          await expectAccess(mayList, list.query(db(who), who).get());
        });
      }
    }
  });
}

describe('membership is per moment', () => {
  const contributor = callerOf('contributor');

  it('a contributor of moment A cannot get an image of moment B', async () => {
    await assertSucceeds(db(contributor).doc(`journals/${MOMENT_A}/images/image-a1`).get());
    await assertFails(db(contributor).doc(`journals/${MOMENT_B}/images/image-b1`).get());
  });

  it('a contributor of moment A cannot list the images of moment B', async () => {
    await assertFails(db(contributor).collection(`journals/${MOMENT_B}/images`).get());
  });

  it('a contributor of moment A cannot list the comments of moment B', async () => {
    await assertFails(db(contributor).collection(`journals/${MOMENT_B}/comments`).get());
  });

  it('a contributor of moment A cannot get moment B', async () => {
    await assertFails(db(contributor).doc(`journals/${MOMENT_B}`).get());
  });

  it('a contributor cannot query comments across all moments (collection group)', async () => {
    await assertFails(db(contributor).collectionGroup('comments').get());
  });

  it('a contributor removed from moment A can no longer read its images or comments', async () => {
    await asAdminSdk(env, (admin) =>
      admin.doc(`journals/${MOMENT_A}`).update({ memberIds: [UID.owner] }),
    );
    await assertFails(db(contributor).doc(`journals/${MOMENT_A}`).get());
    await assertFails(db(contributor).doc(`journals/${MOMENT_A}/images/image-a1`).get());
    await assertFails(db(contributor).collection(`journals/${MOMENT_A}/comments`).get());
  });

  it('a stranger cannot add themselves to the memberIds of moment A', async () => {
    await assertFails(
      db(callerOf('stranger'))
        .doc(`journals/${MOMENT_A}`)
        .update({ memberIds: [UID.owner, UID.contributor, UID.stranger] }),
    );
  });
});

describe('roles and removal', () => {
  it("every member reads each member's role from the members map", async () => {
    for (const who of [callerOf('contributor'), callerOf('owner')]) {
      const moment = await assertSucceeds(db(who).doc(`journals/${MOMENT_A}`).get());
      expect(moment.get(`members.${UID.owner}.role`)).toBe('owner');
      expect(moment.get(`members.${UID.contributor}.role`)).toBe('contributor');
    }
  });

  it('a contributor cannot make themselves the owner', async () => {
    const contributor = db(callerOf('contributor'));
    await assertFails(
      contributor.doc(`journals/${MOMENT_A}`).update({
        [`members.${UID.contributor}.role`]: 'owner',
      }),
    );
    await assertFails(contributor.doc(`journals/${MOMENT_A}`).update({ userId: UID.contributor }));
  });

  it('a removed member cannot put themselves back, nor read their own entries by a filter', async () => {
    const removed = db(callerOf('removed'));
    await assertFails(
      removed
        .doc(`journals/${MOMENT_A}`)
        .update({ memberIds: [UID.owner, UID.contributor, UID.removed] }),
    );
    await assertFails(
      removed.collection(`journals/${MOMENT_A}/comments`).where('userId', '==', UID.removed).get(),
    );
    await assertFails(removed.doc(`invites/${REVOKED_INVITE_HASH}`).update({ status: 'pending' }));
  });

  it('a removed member reads the moment again only once the API has added them back', async () => {
    const removed = db(callerOf('removed'));
    await assertFails(removed.doc(`journals/${MOMENT_A}/images/image-a2`).get());
    await asAdminSdk(env, (admin) =>
      admin
        .doc(`journals/${MOMENT_A}`)
        .update({ memberIds: [UID.owner, UID.contributor, UID.removed] }),
    );
    await assertSucceeds(removed.doc(`journals/${MOMENT_A}/images/image-a2`).get());
  });
});

describe('the home list query', () => {
  it("a list of journals filtered by array-contains the caller's uid returns only their moments", async () => {
    const contributor = callerOf('contributor');
    const snapshot = await assertSucceeds(
      db(contributor)
        .collection('journals')
        .where('memberIds', 'array-contains', UID.contributor)
        .get(),
    );
    expect(snapshot.docs.map((d) => d.id)).toEqual([MOMENT_A]);
  });

  it('the same list without the filter is denied to a member', async () => {
    await assertFails(db(callerOf('contributor')).collection('journals').get());
  });

  it('a stranger filtering by their own uid gets an empty list, not an error', async () => {
    const snapshot = await assertSucceeds(
      db(callerOf('stranger'))
        .collection('journals')
        .where('memberIds', 'array-contains', UID.stranger)
        .get(),
    );
    expect(snapshot.empty).toBe(true);
  });
});

describe('people', () => {
  it("a user can read their own users doc but not another person's", async () => {
    const contributor = callerOf('contributor');
    const own = await assertSucceeds(db(contributor).doc(`users/${UID.contributor}`).get());
    expect(own.get('phoneNumber')).toBe(SEED[`users/${UID.contributor}`]?.phoneNumber);
    await assertFails(db(contributor).doc(`users/${UID.owner}`).get());
  });

  it("a contributor reads the other members' names only through the journal's members map", async () => {
    const contributor = callerOf('contributor');
    const moment = await assertSucceeds(db(contributor).doc(`journals/${MOMENT_A}`).get());
    expect(moment.get(`members.${UID.owner}.firstName`)).toBe('Olive');
    expect(moment.get(`members.${UID.owner}.lastName`)).toBe('Owner');
    await assertFails(db(contributor).doc(`users/${UID.owner}`).get());
  });

  it('a user cannot make themselves an admin by setting isAdmin on their users doc', async () => {
    await assertFails(
      db(callerOf('contributor')).doc(`users/${UID.contributor}`).update({ isAdmin: true }),
    );
  });
});

describe('admins read through the API, not the rules', () => {
  // Signed in through the admin login a moment ago: the strongest token an admin can hold.
  const adminSession: Caller = {
    key: 'admin',
    name: 'admin session',
    uid: UID.admin,
    token: adminLoginToken(),
  };

  it("an admin session reads its own users doc but no one else's, nor the users list", async () => {
    await assertSucceeds(db(adminSession).doc(`users/${UID.admin}`).get());
    await assertFails(db(adminSession).doc(`users/${UID.contributor}`).get());
    await assertFails(db(adminSession).collection('users').get());
  });

  it('an admin session reads nothing of a moment it does not belong to: no title, photo or entry', async () => {
    await assertFails(db(adminSession).doc(`journals/${MOMENT_A}`).get());
    await assertFails(db(adminSession).collection(`journals/${MOMENT_A}/images`).get());
    await assertFails(db(adminSession).collection(`journals/${MOMENT_A}/comments`).get());
    await assertFails(db(adminSession).collection('journals').get());
  });

  it('an admin session cannot read or write the audit log, nor the dashboard counters', async () => {
    await assertFails(db(adminSession).collection('auditLog').get());
    await assertFails(db(adminSession).collection('auditLog').add({ action: 'account.enable' }));
    await assertFails(db(adminSession).doc('dailyStats/2026-01-01').get());
    await assertFails(db(adminSession).doc('stats/totals').get());
  });

  it('the isAdmin field of the users doc alone grants nothing either', async () => {
    const withoutClaim: Caller = { key: 'stranger', name: 'admin without claim', uid: UID.admin };
    await assertSucceeds(db(withoutClaim).doc(`users/${UID.admin}`).get());
    await assertFails(db(withoutClaim).doc(`users/${UID.contributor}`).get());
  });
});
