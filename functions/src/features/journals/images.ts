// A moment's photos: adding one, display order, deletion and the bytes (crop and turn:
// ./photo-edit).
import { randomBytes } from 'node:crypto';
import type { JournalImage } from '@moments/shared';
import {
  DEFAULT_CROP_POSITION,
  MAX_PHOTOS_PER_MOMENT,
  MOMENT_PHOTOS_FULL,
  idSchema,
  sizesFrom,
} from '@moments/shared';
import {
  FieldValue,
  Timestamp,
  type DocumentReference,
  type Transaction,
} from 'firebase-admin/firestore';
import { DELETE_BATCH_SIZE } from '../../lib/batch-delete';
import { db, runHotTransaction } from '../../lib/firebase';
import { ApiError, BUSY_MESSAGE } from '../../lib/http';
import { givePhotoPlacesBack, takePhotoPlace } from '../billing';
import { VARIANT_NAMES, photoStore, type ProcessedPhoto, type Variant } from '../photos';
import { journalRef, loadJournal, roleIn } from './access';
import {
  JOURNAL_ERRORS,
  byDisplayOrder,
  coverFields,
  fullCopyPath,
  imageUrls,
  photoPrefix,
  readPhotoIndex,
  toImage,
  variantPath,
  writePhotoIndex,
} from './model';

export function imageRef(journal: DocumentReference, imageId: string) {
  if (!idSchema.safeParse(imageId).success) throw new ApiError(404, JOURNAL_ERRORS.photoNotFound);
  return journal.collection('images').doc(imageId);
}

/** The photo first in display order (inside a transaction), if any. */
export async function firstPhoto(
  tx: Transaction,
  journal: DocumentReference,
  except?: string,
): Promise<JournalImage | undefined> {
  const snap = await tx.get(journal.collection('images').orderBy('orderIndex').limit(2));
  return snap.docs
    .filter((d) => d.id !== except)
    .map(toImage)
    .sort(byDisplayOrder)[0];
}

/** How long a claim on a client id holds while its upload stores bytes and records them. */
const UPLOAD_CLAIM_MS = 2 * 60 * 1000;
/** How long a second upload under a claimed id waits for the first one's record. */
const CLAIM_WAIT_MS = 20 * 1000;
const CLAIM_POLL_MS = 250;

/**
 * journals/{id}/uploadClaims/{clientId}: which upload under a client id may write its bytes.
 * Clients cannot read it (the rules' catch-all); deleting the moment deletes it.
 */
function claimRef(journal: DocumentReference, clientId: string) {
  return journal.collection('uploadClaims').doc(clientId);
}

type Claim = { token: string } | { stored: JournalImage };

/**
 * Claims a client id for this upload before any bytes are written, so two uploads racing under
 * one id never write into the same folder: the first gets a claim; a second waits until the
 * first has recorded the photo and answers that record (the same as a later repeat), or, if
 * the first failed, claims the id itself. Someone else's id is a 409.
 */
async function claimClientId(
  journal: DocumentReference,
  ref: DocumentReference,
  uploaderId: string,
  clientId: string,
): Promise<Claim> {
  const claim = claimRef(journal, clientId);
  const giveUpAt = Date.now() + CLAIM_WAIT_MS;
  for (;;) {
    const outcome = await runHotTransaction(async (tx): Promise<Claim | undefined> => {
      const [image, held] = await Promise.all([tx.get(ref), tx.get(claim)]);
      if (image.exists) {
        if (image.get('uploadedBy') !== uploaderId) {
          throw new ApiError(409, JOURNAL_ERRORS.photoIdTaken);
        }
        return { stored: toImage(image) };
      }
      const now = Date.now();
      if (held.exists && (held.get('expiresAt') as Timestamp).toMillis() > now) {
        if (held.get('uploaderId') !== uploaderId) {
          throw new ApiError(409, JOURNAL_ERRORS.photoIdTaken);
        }
        return undefined; // the other upload is storing it
      }
      const token = randomBytes(16).toString('hex');
      tx.set(claim, { uploaderId, token, expiresAt: Timestamp.fromMillis(now + UPLOAD_CLAIM_MS) });
      return { token };
    });
    if (outcome) return outcome;
    if (Date.now() > giveUpAt) throw new ApiError(503, BUSY_MESSAGE);
    await new Promise((resolve) => setTimeout(resolve, CLAIM_POLL_MS));
  }
}

/** Whether this upload still holds its claim (it lapses only after UPLOAD_CLAIM_MS). */
async function holdsClaim(journal: DocumentReference, clientId: string, token: string) {
  return (await claimRef(journal, clientId).get()).get('token') === token;
}

/**
 * Stores a processed photo's bytes, then records it with the next creation number (`seq`)
 * and at the end of the display order. The first photo becomes the cover. If the moment is
 * gone or the uploader is no longer a member by then, the bytes are removed again. Under a
 * client id, only the upload holding the id's claim writes bytes and the record.
 */
export async function addPhoto(
  journalId: string,
  uploaderId: string,
  photo: ProcessedPhoto,
  cropPosition = DEFAULT_CROP_POSITION,
  /** A client-made id (idempotent upload): a repeat by the same uploader gets the stored photo. */
  clientId?: string,
): Promise<JournalImage> {
  const journalDoc = journalRef(journalId);
  const images = journalDoc.collection('images');
  const ref = clientId ? images.doc(clientId) : images.doc();
  const claimed = clientId ? await claimClientId(journalDoc, ref, uploaderId, clientId) : undefined;
  if (claimed && 'stored' in claimed) return claimed.stored;
  const token = claimed?.token;
  const urls = imageUrls(journalId, ref.id);
  const prefix = photoPrefix(journalId, ref.id);
  try {
    await Promise.all([
      ...VARIANT_NAMES.map((v) =>
        photoStore.put(`${prefix}/${v}.webp`, photo.variants[v], 'image/webp'),
      ),
      photoStore.put(fullCopyPath(journalId, ref.id), photo.full, 'image/jpeg'),
    ]);
    const createdAt = Timestamp.now();
    return await runHotTransaction(async (tx) => {
      const claim = clientId ? claimRef(journalDoc, clientId) : undefined;
      const [snap, held] = await Promise.all([
        tx.get(journalDoc),
        claim ? tx.get(claim) : undefined,
      ]);
      roleIn(snap, uploaderId);
      // Held past its time and taken over: the other upload's bytes and record are the photo.
      if (claim && held?.get('token') !== token) throw new ApiError(503, BUSY_MESSAGE);
      // The index holds every photo's place: the new one goes last, and into the index too.
      const { images: indexed } = await readPhotoIndex(tx, journalDoc);
      if (indexed.length >= MAX_PHOTOS_PER_MOMENT) throw new ApiError(409, MOMENT_PHOTOS_FULL);
      const seq = snap.get('nextPhotoSeq') as number;
      const count = (snap.get('photoCount') as number | undefined) ?? 0;
      const lastIndex = indexed.at(-1)?.orderIndex;
      await takePhotoPlace(tx, uploaderId);
      const data = {
        seq,
        orderIndex: lastIndex === undefined ? 0 : lastIndex + 1,
        cropPosition,
        ...urls,
        width: photo.width,
        height: photo.height,
        // Stored size of all variants and the full copy: the admin Overview sums it.
        bytes: VARIANT_NAMES.reduce((n, v) => n + photo.variants[v].length, 0) + photo.full.length,
        fullBytes: photo.full.length,
        capturedAt: photo.capturedAt,
        uploadedBy: uploaderId,
        createdAt,
      };
      tx.set(ref, data);
      if (claim) tx.delete(claim);
      const image: JournalImage = {
        id: ref.id,
        seq,
        ...urls,
        orderIndex: data.orderIndex,
        cropPosition,
        rotation: 0,
        width: photo.width,
        height: photo.height,
        createdAt: createdAt.toDate().toISOString(),
      };
      writePhotoIndex(tx, journalDoc, [...indexed, image]);
      tx.update(journalDoc, {
        nextPhotoSeq: seq + 1,
        photoCount: count + 1,
        updatedAt: FieldValue.serverTimestamp(),
        ...(snap.get('cover') ? {} : coverFields(image)),
      });
      return image;
    });
  } catch (err) {
    // Bytes under a claim that lapsed belong to the upload that took the id over: they stay.
    const ours =
      !clientId || !token || (await holdsClaim(journalDoc, clientId, token).catch(() => false));
    if (ours) await photoStore.removeAll(prefix).catch(() => undefined);
    if (ours && clientId && token) await releaseClaim(journalDoc, clientId, token);
    throw err;
  }
}

/** Lets a later upload under this id claim it (after this one failed). */
async function releaseClaim(journal: DocumentReference, clientId: string, token: string) {
  const claim = claimRef(journal, clientId);
  await db
    .runTransaction(async (tx) => {
      if ((await tx.get(claim)).get('token') === token) tx.delete(claim);
    })
    .catch(() => undefined);
}

/** The uploader may change their own photo; the owner may change any. */
export function assertMayChange(role: string, uid: string, uploadedBy: unknown) {
  if (role !== 'owner' && uploadedBy !== uid) {
    throw new ApiError(403, JOURNAL_ERRORS.ownPhotosOnly);
  }
}

/**
 * PUT /api/journals/:id/images/order (owner only): `imageIds` must name every photo of the
 * moment exactly once; they get orderIndex 0, 1, 2, ... Numbering (`seq`) does not change.
 */
export async function reorderImages(
  journalId: string,
  uid: string,
  imageIds: string[],
): Promise<JournalImage[]> {
  const journal = journalRef(journalId);
  return db.runTransaction(async (tx) => {
    const [snap, images] = await Promise.all([
      tx.get(journal),
      tx.get(journal.collection('images')),
    ]);
    if (roleIn(snap, uid) !== 'owner') throw new ApiError(403, JOURNAL_ERRORS.ownerOnlyEdit);
    const byId = new Map(images.docs.map((d) => [d.id, d]));
    if (imageIds.length !== byId.size || !imageIds.every((id) => byId.has(id))) {
      throw new ApiError(400, JOURNAL_ERRORS.orderMismatch);
    }
    const ordered = imageIds.map((id, orderIndex) => {
      const doc = byId.get(id)!;
      if (doc.get('orderIndex') !== orderIndex) tx.update(doc.ref, { orderIndex });
      return { ...toImage(doc), orderIndex };
    });
    const cover = ordered.find((image) => image.id === snap.get('coverImageId'));
    writePhotoIndex(tx, journal, ordered);
    tx.update(journal, {
      ...(cover ? coverFields(cover) : {}),
      updatedAt: FieldValue.serverTimestamp(),
    });
    return ordered;
  });
}

/**
 * DELETE /api/journals/:id/images/:imageId (uploader or owner). Entries tied to the photo
 * (photoId) are untied first, a batch at a time; then the bytes go; then one transaction
 * unties any entry tied meanwhile and removes the document, the count and, for the cover, the
 * cover copy (the first photo in display order takes over). Every step can be repeated, so a
 * failure in between is fixed by trying again. Other photos keep their `seq`; "#photo N" counts
 * the photos that exist, so references to later photos now name the one after (see
 * docs/data-model.md, "Photo numbering").
 */
export async function deletePhoto(journalId: string, uid: string, imageId: string): Promise<void> {
  const { ref: journal, role } = await loadJournal(journalId, uid);
  const ref = imageRef(journal, imageId);
  const image = await ref.get();
  if (!image.exists) throw new ApiError(404, JOURNAL_ERRORS.photoNotFound);
  assertMayChange(role, uid, image.get('uploadedBy'));
  await removePhoto(journal, imageId, uid);
}

/**
 * The steps of deletePhoto after its access check, also used for an account being deleted.
 * With `memberId`, the final transaction checks again that they are still a member; without,
 * it only needs the moment not to be being deleted (that deletion takes the photo anyway).
 */
export async function removePhoto(journal: DocumentReference, imageId: string, memberId?: string) {
  const journalId = journal.id;
  const ref = imageRef(journal, imageId);
  const tied = journal.collection('comments').where('photoId', '==', imageId);
  for (;;) {
    const snap = await tied.limit(DELETE_BATCH_SIZE).select().get();
    if (snap.empty) break;
    const batch = db.batch();
    for (const doc of snap.docs) batch.update(doc.ref, { photoId: null });
    await batch.commit();
  }
  await photoStore.removeAll(photoPrefix(journalId, imageId));
  await db.runTransaction(async (tx) => {
    const [snap, current, late, index] = await Promise.all([
      tx.get(journal),
      tx.get(ref),
      tx.get(tied.limit(DELETE_BATCH_SIZE)),
      readPhotoIndex(tx, journal),
    ]);
    if (memberId) roleIn(snap, memberId);
    if (!current.exists || !snap.exists || snap.get('deletedAt')) return;
    const isCover = snap.get('coverImageId') === imageId;
    const left = index.images.filter((image) => image.id !== imageId);
    const next = isCover ? left[0] : undefined;
    await givePhotoPlacesBack(tx, { [String(current.get('uploadedBy') ?? '')]: 1 });
    for (const doc of late.docs) tx.update(doc.ref, { photoId: null });
    tx.delete(ref);
    writePhotoIndex(tx, journal, left);
    tx.update(journal, {
      photoCount: FieldValue.increment(-1),
      updatedAt: FieldValue.serverTimestamp(),
      ...(isCover ? coverFields(next) : {}),
    });
  });
}

/** The bytes of one variant, for a member only (others get the moment's 404). */
export async function readVariant(
  journalId: string,
  uid: string,
  imageId: string,
  variant: Variant,
  rotation = 0,
): Promise<Buffer> {
  const { ref: journal } = await loadJournal(journalId, uid);
  imageRef(journal, imageId);
  return readStoredVariant(journalId, imageId, variant, rotation);
}

/**
 * The stored bytes of a photo's variant, with no access check: callers make their own. A photo
 * stored before that size existed gets the nearest larger size it has.
 */
export async function readStoredVariant(
  journalId: string,
  imageId: string,
  variant: Variant,
  rotation = 0,
): Promise<Buffer> {
  for (const size of sizesFrom(variant)) {
    const bytes = await photoStore.get(variantPath(journalId, imageId, size, rotation));
    if (bytes) return bytes;
  }
  throw new ApiError(404, JOURNAL_ERRORS.photoNotFound);
}
