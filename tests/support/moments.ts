// Moments for API tests: signed-in people, moments made through the API, and sharing
// arranged directly (invites are tested with the sharing calls).
import { memberStateId, type Journal } from '@moments/shared';
import { FieldValue } from 'firebase-admin/firestore';
import { ApiClient } from './api';
import { adminAuth, adminDb, createUser, idTokenFor, type TestUser } from './emulators';

export interface SignedIn {
  user: TestUser;
  client: ApiClient;
}

/** A new onboarded person, signed in through the API. */
export async function signedIn(fields: { firstName?: string; lastName?: string } = {}) {
  const user = await createUser(fields);
  const client = new ApiClient();
  const res = await client.signIn(user.phoneNumber);
  if (res.status !== 200) throw new Error(`sign-in answered ${res.status}`);
  return { user, client } satisfies SignedIn;
}

/**
 * A new onboarded person whose client sends a Firebase ID token (as the API also accepts),
 * signed in through the Auth emulator rather than the sign-in calls: for tests that need many
 * people at once.
 */
export async function tokenSignedIn(fields: { firstName?: string } = {}) {
  const user = await createUser(fields);
  const idToken = await idTokenFor(await adminAuth.createCustomToken(user.uid));
  const client = new ApiClient();
  client.authorization = `Bearer ${idToken}`;
  return { user, client } satisfies SignedIn;
}

/** POST /api/journals; throws unless it answers 201. */
export async function newMoment(
  client: ApiClient,
  fields: { title?: string; content?: string } = {},
): Promise<Journal> {
  const res = await client.post<Journal>('/api/journals', { title: 'Weekend away', ...fields });
  if (res.status !== 201) throw new Error(`create answered ${res.status}`);
  return res.body;
}

/**
 * Makes `person` a contributor of the moment, as accepting an invite does: their card on the
 * journal and their own state document (no pin, no badge, never viewed).
 */
export async function addContributor(journalId: string, person: TestUser): Promise<void> {
  const batch = adminDb.batch();
  batch.update(adminDb.doc(`journals/${journalId}`), {
    memberIds: FieldValue.arrayUnion(person.uid),
    [`members.${person.uid}`]: {
      role: 'contributor',
      addedAt: FieldValue.serverTimestamp(),
      firstName: person.firstName,
      lastName: person.lastName,
      profilePictureUrl: null,
    },
  });
  batch.set(adminDb.doc(`memberStates/${memberStateId(journalId, person.uid)}`), {
    journalId,
    userId: person.uid,
    isPinned: false,
    newCommentsCount: 0,
    lastViewedAt: null,
  });
  await batch.commit();
}

/** An owner with a moment shared with one contributor, and an outsider; all signed in. */
export async function sharedMoment() {
  const [owner, contributor, outsider] = await Promise.all([
    signedIn({ firstName: 'Olive', lastName: 'Owner' }),
    signedIn({ firstName: 'Cora', lastName: 'Contributor' }),
    signedIn({ firstName: 'Otto', lastName: 'Outsider' }),
  ]);
  const journal = await newMoment(owner.client, { title: 'Family reunion' });
  await addContributor(journal.id, contributor.user);
  return { owner, contributor, outsider, journal };
}
