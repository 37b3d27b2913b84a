// Deleting any number of documents without hitting the per-batch write limit.
import type { DocumentReference, Query } from 'firebase-admin/firestore';
import { db } from './firebase';

/** Deletes in batches of this many documents (a batch allows 500 writes). */
export const DELETE_BATCH_SIZE = 400;

/** Deletes the documents `refs` in batches. */
export async function deleteRefs(refs: DocumentReference[]): Promise<void> {
  for (let i = 0; i < refs.length; i += DELETE_BATCH_SIZE) {
    const batch = db.batch();
    for (const ref of refs.slice(i, i + DELETE_BATCH_SIZE)) batch.delete(ref);
    await batch.commit();
  }
}

/** Deletes everything a query matches, any number of documents, a batch at a time. */
export async function deleteQuery(query: Query): Promise<number> {
  let deleted = 0;
  for (;;) {
    const snap = await query.limit(DELETE_BATCH_SIZE).select().get();
    if (snap.empty) return deleted;
    await deleteRefs(snap.docs.map((d) => d.ref));
    deleted += snap.size;
  }
}
