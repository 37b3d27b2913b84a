// Entries stored before `photoRefs` existed get it, once per moment (docs/data-model.md, "Photo
// Comments"): the Photo Comments dialog finds the entries naming "#photo N" by that field, so
// without it an old entry's mention shows only once its timeline page is loaded.
import { photoRefsIn } from '@moments/shared';
import {
  FieldPath,
  type DocumentReference,
  type QueryDocumentSnapshot,
} from 'firebase-admin/firestore';
import { db } from '../../lib/firebase';

/**
 * The journal field saying every entry of the moment has `photoRefs` (written by its post, or
 * by backfillPhotoRefs); a moment made since posts write it has it from the start.
 */
export const PHOTO_REFS_FIELD = 'photoRefsBackfilled';

/** Entries read per query while going through a moment's timeline. */
const SCAN_PAGE = 500;

const NOT_FOUND = 5;
const FAILED_PRECONDITION = 9;

/**
 * Gives every entry of the moment without `photoRefs` that names a photo the numbers its text
 * names, then marks the moment done. Idempotent: an entry that has the field is left alone (one
 * that names none needs no write), and each write holds only
 * if the entry is as read (so an entry deleted meanwhile is not brought back, and two runs at
 * once write each entry once). Writes go through a BulkWriter (batched and paced under
 * Firestore's limits). Should any write fail for another reason, the moment is not marked and the
 * next read runs it again; until then an entry without the field is still shown once its page is
 * loaded, so no mention is lost.
 */
export async function backfillPhotoRefs(journal: DocumentReference): Promise<void> {
  const writer = db.bulkWriter();
  writer.onWriteError(
    (error) =>
      error.code !== NOT_FOUND && error.code !== FAILED_PRECONDITION && error.failedAttempts < 5,
  );
  const writes: Promise<boolean>[] = [];
  let after: QueryDocumentSnapshot | undefined;
  for (;;) {
    let page = journal
      .collection('comments')
      .orderBy(FieldPath.documentId())
      .select('text', 'photoRefs')
      .limit(SCAN_PAGE);
    if (after) page = page.startAfter(after);
    const snap = await page.get();
    for (const entry of snap.docs) {
      if (entry.get('photoRefs') !== undefined) continue;
      const text: unknown = entry.get('text');
      const photoRefs = photoRefsIn(typeof text === 'string' ? text : '');
      // Naming no photo, it matches no Photo Comments query with or without the field.
      if (photoRefs.length === 0) continue;
      writes.push(
        writer.update(entry.ref, { photoRefs }, { lastUpdateTime: entry.updateTime }).then(
          () => true,
          // Deleted, or written by another run since it was read: nothing to do.
          (error: { code?: number }) =>
            error.code === NOT_FOUND || error.code === FAILED_PRECONDITION,
        ),
      );
    }
    if (snap.size < SCAN_PAGE) break;
    after = snap.docs.at(-1);
  }
  await writer.close();
  if (!(await Promise.all(writes)).every(Boolean)) return;
  // A moment deleted meanwhile needs no mark.
  await journal.update({ [PHOTO_REFS_FIELD]: true }).catch((error: { code?: number }) => {
    if (error.code !== NOT_FOUND) throw error;
  });
}
