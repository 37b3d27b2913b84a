// Deleting a moment and everything that belonged to it (images, members and their state
// documents, comments and their replies, invites), in any quantity.
import { FieldValue } from 'firebase-admin/firestore';
import { deleteQuery } from '../../lib/batch-delete';
import { db } from '../../lib/firebase';
import { ApiError } from '../../lib/http';
import { deletePhotoRecords } from '../billing';
import { photoStore } from '../photos';
import { journalRef, roleIn } from './access';
import { JOURNAL_ERRORS, invites, memberStates, photoPrefix } from './model';

/**
 * Root collections of other features with documents about one moment, by the field naming it
 * (named here, not imported: those features build on this one). Notifications keep a digest
 * per (person, moment) and the last photo batch per (moment, uploader). A feature that keeps
 * something per moment adds its collection here; tests/api/push-cleanup.test.ts asks every
 * root collection for documents naming the deleted moment.
 */
export const JOURNAL_KEYED_COLLECTIONS: readonly { collection: string; field: string }[] = [
  { collection: 'pushDigests', field: 'journalId' },
  { collection: 'pushPhotoBatches', field: 'journalId' },
];

/**
 * DELETE /api/journals/:id (owner only).
 *
 * 1. One transaction empties `memberIds` and sets `deletedAt`: from then on the moment is gone
 *    for everyone (not in any list, every call on it a 404) except this cleanup.
 * 2. Invites, the members' state documents, photo bytes, then every subcollection (images,
 *    comments, anything added later), then the other features' documents about the moment
 *    (JOURNAL_KEYED_COLLECTIONS) are deleted a batch at a time, and the journal last. Those go
 *    after the photos and the mark: the notification triggers write them in transactions that
 *    read the photo or the moment first, so a trigger delivered late writes none after this.
 *
 * Step 2 only deletes, so it can run again: if it fails midway, the owner's next DELETE
 * (allowed on a moment marked deleted by its owner) finishes the job.
 */
export async function deleteJournal(journalId: string, uid: string): Promise<void> {
  const ref = journalRef(journalId);
  await db.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (snap.exists && snap.get('deletedAt') && snap.get('userId') === uid) return;
    if (roleIn(snap, uid) !== 'owner') throw new ApiError(403, JOURNAL_ERRORS.ownerOnlyDelete);
    tx.update(ref, { memberIds: [], deletedAt: FieldValue.serverTimestamp() });
  });

  await deleteQuery(invites.where('journalId', '==', journalId));
  await deleteQuery(memberStates.where('journalId', '==', journalId));
  await photoStore.removeAll(photoPrefix(journalId));
  await deletePhotoRecords(ref);
  const children = await ref.listCollections();
  await Promise.all(children.map((collection) => deleteQuery(collection)));
  for (const { collection, field } of JOURNAL_KEYED_COLLECTIONS) {
    await deleteQuery(db.collection(collection).where(field, '==', journalId));
  }
  await ref.delete();
}
