// Editing a photo after upload: its vertical crop and its quarter turns (the photo editor).
import type { ImageEditInput, JournalImage } from '@moments/shared';
import { db } from '../../lib/firebase';
import { ApiError } from '../../lib/http';
import { VARIANT_NAMES, photoStore, rotatePhoto } from '../photos';
import { loadJournal, roleIn } from './access';
import { assertMayChange, imageRef } from './images';
import {
  JOURNAL_ERRORS,
  coverFields,
  imageUrls,
  readPhotoIndex,
  toImage,
  variantPath,
  writePhotoIndex,
} from './model';

/** Writes the variants of a turn (none for the photo as uploaded), from the uploaded display. */
async function storeTurn(journalId: string, imageId: string, rotation: number): Promise<void> {
  if (!rotation) return;
  const upright = await photoStore.get(variantPath(journalId, imageId, 'display'));
  if (!upright) throw new ApiError(404, JOURNAL_ERRORS.photoNotFound);
  const turned = await rotatePhoto(upright, rotation);
  await Promise.all(
    VARIANT_NAMES.map((v) =>
      photoStore.put(variantPath(journalId, imageId, v, rotation), turned[v], 'image/webp'),
    ),
  );
}

/**
 * PATCH /api/journals/:id/images/:imageId: the vertical crop and/or the turn. A turn's bytes
 * are written first (re-encoded from the upload by sharp), then one transaction points the
 * photo, and the cover copy, at them; the photo keeps its id and its "#photo N" number.
 */
export async function editPhoto(
  journalId: string,
  uid: string,
  imageId: string,
  edit: ImageEditInput,
): Promise<JournalImage> {
  const { ref: journal, role } = await loadJournal(journalId, uid);
  const ref = imageRef(journal, imageId);
  const before = await ref.get();
  if (!before.exists) throw new ApiError(404, JOURNAL_ERRORS.photoNotFound);
  assertMayChange(role, uid, before.get('uploadedBy'));
  if (edit.rotation !== undefined) await storeTurn(journalId, imageId, edit.rotation);

  return db.runTransaction(async (tx) => {
    const [snap, image, index] = await Promise.all([
      tx.get(journal),
      tx.get(ref),
      readPhotoIndex(tx, journal),
    ]);
    const current = roleIn(snap, uid);
    if (!image.exists) throw new ApiError(404, JOURNAL_ERRORS.photoNotFound);
    assertMayChange(current, uid, image.get('uploadedBy'));
    const changes = {
      ...(edit.cropPosition !== undefined ? { cropPosition: edit.cropPosition } : {}),
      ...(edit.rotation !== undefined
        ? { rotation: edit.rotation, ...imageUrls(journalId, imageId, edit.rotation) }
        : {}),
    };
    const updated = { ...toImage(image), ...changes };
    tx.update(ref, changes);
    writePhotoIndex(
      tx,
      journal,
      index.images.map((item) => (item.id === imageId ? { ...item, ...changes } : item)),
    );
    if (snap.get('coverImageId') === imageId) tx.update(journal, coverFields(updated));
    return updated;
  });
}
