// Counters the dashboard reads instead of counting per row, kept by Firestore triggers so no
// write path of the app has to remember them: per person (users/{uid}.stats: momentsOwned,
// momentsJoined, photos) and the number of shared moments (stats/totals.sharedMoments).
// Triggers run at least once, so a rare retry can count twice; docs/admin.md says so.
import { FieldValue, type DocumentData } from 'firebase-admin/firestore';
import { db } from '../../lib/firebase';

export const totals = db.doc('stats/totals');

function members(data: DocumentData | undefined): Set<string> {
  // A moment being deleted has emptied memberIds: it no longer counts for anyone.
  return new Set((data?.memberIds as string[] | undefined) ?? []);
}

async function bump(uid: string, changes: Record<string, number>): Promise<void> {
  const update = Object.fromEntries(
    Object.entries(changes)
      .filter(([, by]) => by !== 0)
      .map(([field, by]) => [`stats.${field}`, FieldValue.increment(by)]),
  );
  if (Object.keys(update).length === 0) return;
  // An account deleted meanwhile has no document to count on (and gets none back).
  await db
    .doc(`users/${uid}`)
    .update(update)
    .catch((err: { code?: number }) => {
      if (err.code !== 5) throw err;
    });
}

/** A moment was created, changed or deleted: who owns it and who joined it changed? */
export async function journalChanged(
  before: DocumentData | undefined,
  after: DocumentData | undefined,
): Promise<void> {
  const was = members(before);
  const is = members(after);
  // A moment handed over (its owner deleting their account) changes its owner in one write.
  const ownerBefore = (before?.userId ?? after?.userId) as string | undefined;
  const ownerAfter = (after?.userId ?? before?.userId) as string | undefined;
  const work: Promise<unknown>[] = [];
  for (const uid of new Set([...was, ...is])) {
    const ownedDelta =
      Number(is.has(uid) && uid === ownerAfter) - Number(was.has(uid) && uid === ownerBefore);
    const joinedDelta =
      Number(is.has(uid) && uid !== ownerAfter) - Number(was.has(uid) && uid !== ownerBefore);
    work.push(bump(uid, { momentsOwned: ownedDelta, momentsJoined: joinedDelta }));
  }
  const shared = Number(is.size > 1) - Number(was.size > 1);
  if (shared !== 0) {
    work.push(totals.set({ sharedMoments: FieldValue.increment(shared) }, { merge: true }));
  }
  await Promise.all(work);
}

/** A photo was added (+1) or removed (-1). */
export async function photoCounted(data: DocumentData | undefined, by: 1 | -1): Promise<void> {
  const uploader = data?.uploadedBy as string | undefined;
  if (uploader) await bump(uploader, { photos: by });
}
