// A person in hundreds of moments, made in a few seconds: written straight into the emulator in
// batches with the documents' shape the API writes (createJournal, memberWrites), rather than
// one POST per moment.
import { memberStateId } from '@moments/shared';
import { Timestamp } from 'firebase-admin/firestore';
import { adminDb, type TestUser } from './emulators';

export interface ManyMoment {
  id: string;
  title: string;
  /** Shared with `with`, else private. */
  shared: boolean;
  createdAt: Timestamp;
}

export interface ManyMomentsOptions {
  /** Moments 0, 1, ... newest first; moment i is `step` milliseconds older than moment i-1. */
  count: number;
  /** Every `sharedEvery`-th moment (i % sharedEvery === 0) is shared with `with`. */
  sharedEvery?: number;
  with?: TestUser;
  /** The newest moment's time (default: a minute ago). */
  newest?: Timestamp;
  stepMs?: number;
  /** Title of moment i. */
  title?: (i: number) => string;
}

const card = (person: TestUser, role: 'owner' | 'contributor', addedAt: Timestamp) => ({
  role,
  addedAt,
  firstName: person.firstName,
  lastName: person.lastName,
  profilePictureUrl: null,
});

/** Makes `person` the owner of `count` moments (see ManyMomentsOptions); newest first. */
export async function manyMoments(
  person: TestUser,
  options: ManyMomentsOptions,
): Promise<ManyMoment[]> {
  const newest = (options.newest ?? Timestamp.fromMillis(Date.now() - 60_000)).toMillis();
  const step = options.stepMs ?? 1000;
  const moments: ManyMoment[] = Array.from({ length: options.count }, (_, i) => ({
    id: adminDb.collection('journals').doc().id,
    title: options.title?.(i) ?? `Moment ${i + 1}`,
    shared: options.with !== undefined && i % (options.sharedEvery ?? Infinity) === 0,
    createdAt: Timestamp.fromMillis(newest - i * step),
  }));
  // 500 writes per batch: a moment and its members' states.
  for (let start = 0; start < moments.length; start += 150) {
    const batch = adminDb.batch();
    for (const moment of moments.slice(start, start + 150)) {
      const members = [person, ...(moment.shared && options.with ? [options.with] : [])];
      batch.set(adminDb.doc(`journals/${moment.id}`), {
        userId: person.uid,
        title: moment.title,
        content: null,
        coverImageId: null,
        cover: null,
        photoCount: 0,
        nextPhotoSeq: 1,
        memberIds: members.map((m) => m.uid),
        members: Object.fromEntries(
          members.map((m, i) => [
            m.uid,
            card(m, i === 0 ? 'owner' : 'contributor', moment.createdAt),
          ]),
        ),
        createdAt: moment.createdAt,
        updatedAt: moment.createdAt,
      });
      for (const member of members) {
        batch.set(adminDb.doc(`memberStates/${memberStateId(moment.id, member.uid)}`), {
          journalId: moment.id,
          userId: member.uid,
          isPinned: false,
          newCommentsCount: 0,
          lastViewedAt: null,
        });
      }
    }
    await batch.commit();
  }
  return moments;
}

/** Sets `person`'s pin or badge on a moment, as a pin or others' posts would. */
export async function markMoment(
  journalId: string,
  person: TestUser,
  mark: { isPinned?: boolean; newCommentsCount?: number },
): Promise<void> {
  await adminDb.doc(`memberStates/${memberStateId(journalId, person.uid)}`).update(mark);
}
