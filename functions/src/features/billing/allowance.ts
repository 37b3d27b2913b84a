// The photo allowance: each account keeps up to FREE_PHOTO_ALLOWANCE photos it uploaded (in any
// moment) without Moments Plus. `users.photosStored` counts them; it is changed only inside the
// transaction that records or removes a photo, so parallel uploads cannot pass the limit and a
// deletion always gives its place back. Nothing here ever hides or removes a photo.
import { BILLING_MESSAGES, photosFit } from '@moments/shared';
import type { DocumentReference, Transaction } from 'firebase-admin/firestore';
import { db } from '../../lib/firebase';
import { ApiError } from '../../lib/http';
import { hasSubscription } from '../../lib/subscription';

const users = db.collection('users');

/** 402 Payment Required: the message says how to upgrade (SUBSCRIBE_PATH) or make room. */
export function allowanceReached(): ApiError {
  return new ApiError(402, BILLING_MESSAGES.photoAllowanceReached);
}

/** Early check before an upload is read and processed; the transaction decides for sure. */
export async function assertRoomForPhoto(uid: string): Promise<void> {
  const doc = await users.doc(uid).get();
  const stored = (doc.get('photosStored') as number | undefined) ?? 0;
  if (!photosFit(stored, hasSubscription(doc))) throw allowanceReached();
}

/**
 * Takes one place of the uploader's allowance, in the transaction that records the photo (call
 * it after the transaction's other reads: it reads and then writes). 402 when it is full.
 */
export async function takePhotoPlace(tx: Transaction, uid: string): Promise<void> {
  const ref = users.doc(uid);
  const doc = await tx.get(ref);
  if (!doc.exists) return; // no account document (never the case for a signed-in person)
  const stored = (doc.get('photosStored') as number | undefined) ?? 0;
  if (!photosFit(stored, hasSubscription(doc))) throw allowanceReached();
  tx.update(ref, { photosStored: stored + 1 });
}

/**
 * Gives places back, in the transaction that deletes the photos: `removed` maps uploader ids to
 * how many of their photos go. It reads and then writes, so call it after the other reads.
 */
export async function givePhotoPlacesBack(
  tx: Transaction,
  removed: Record<string, number>,
): Promise<void> {
  const entries = Object.entries(removed).filter(([uid, n]) => uid && n > 0);
  const docs = await Promise.all(entries.map(([uid]) => tx.get(users.doc(uid))));
  docs.forEach((doc, i) => {
    if (!doc.exists) return;
    const stored = (doc.get('photosStored') as number | undefined) ?? 0;
    // Photos uploaded before the allowance existed were never counted: never below zero.
    tx.update(doc.ref, { photosStored: Math.max(0, stored - (entries[i]?.[1] ?? 0)) });
  });
}

const RELEASE_BATCH = 200;

/**
 * Deletes a moment's photo records a batch at a time, each batch in one transaction with the
 * places it gives back, so a retried deletion never gives a place back twice.
 */
export async function deletePhotoRecords(journal: DocumentReference): Promise<void> {
  const images = journal.collection('images');
  for (;;) {
    const done = await db.runTransaction(async (tx) => {
      const batch = await tx.get(images.limit(RELEASE_BATCH).select('uploadedBy'));
      if (batch.empty) return true;
      const removed: Record<string, number> = {};
      for (const doc of batch.docs) {
        const uploader = doc.get('uploadedBy') as string | undefined;
        if (uploader) removed[uploader] = (removed[uploader] ?? 0) + 1;
      }
      await givePhotoPlacesBack(tx, removed);
      for (const doc of batch.docs) tx.delete(doc.ref);
      return false;
    });
    if (done) return;
  }
}
