// How a moment is stored (docs/data-model.md) and turned into API answers. No request
// handling here: the other modules of this feature build on these.
import type { JournalImage, MemberRole, StoredMember } from '@moments/shared';
import {
  PHOTO_INDEX_COLLECTION,
  PHOTO_INDEX_DOC,
  byDisplayOrder,
  imageFromDoc,
  imagesFromPhotoIndex,
  memberStateId,
  photoIndexFields,
  photoUrls,
} from '@moments/shared';
import {
  FieldValue,
  Timestamp,
  type DocumentReference,
  type DocumentSnapshot,
  type QuerySnapshot,
  type Transaction,
} from 'firebase-admin/firestore';
import { db } from '../../lib/firebase';

export const journals = db.collection('journals');
export const invites = db.collection('invites');
export const memberStates = db.collection('memberStates');

export { byDisplayOrder, collaboratorsOf } from '@moments/shared';

/** A member's pin, badge and last view (docs/data-model.md): memberStates/{journalId}_{uid}. */
export function memberStateRef(journalId: string, uid: string) {
  return memberStates.doc(memberStateId(journalId, uid));
}

/** The answers callers hear when they may not do something (as `{message}`). */
export const JOURNAL_ERRORS = {
  notFound: 'Moment not found',
  ownerOnlyEdit: 'Only the owner can edit this moment',
  ownerOnlyDelete: 'Only the owner can delete this moment',
  ownerCannotLeave: 'The owner cannot leave this moment',
  nothingToUpdate: 'Nothing to update',
  coverNotInJournal: "The cover must be one of this moment's photos",
  photoNotFound: 'Photo not found',
  ownPhotosOnly: 'You can only change your own photos',
  photoNotInJournal: 'That photo is not part of this moment',
  photoIdTaken: 'That photo id is already used',
  orderMismatch: "The new order must list each of this moment's photos exactly once",
  entryNotFound: 'Entry not found',
  ownEntriesOnly: 'You can only delete your own entries',
  parentNotInJournal: 'That entry is not part of this moment',
  entryNotInJournal: 'That entry is not part of this moment',
  entryIdTaken: 'That entry id is already used by someone else',
} as const;

export function memberCard(userDoc: DocumentSnapshot) {
  return {
    firstName: (userDoc.get('firstName') as string | undefined) ?? null,
    lastName: (userDoc.get('lastName') as string | undefined) ?? null,
    profilePictureUrl: (userDoc.get('profilePictureUrl') as string | undefined) ?? null,
  };
}

/**
 * Whether Timestamp `a` is later than `b` (not a Timestamp: the beginning of time), to the
 * nanosecond: a view and a post committed in the same millisecond still have an order.
 */
export function isLater(a: unknown, b: unknown): boolean {
  const parts = (t: unknown) =>
    t instanceof Timestamp ? [t.seconds, t.nanoseconds] : [-Infinity, 0];
  const [as, an] = parts(a);
  const [bs, bn] = parts(b);
  return as! > bs! || (as === bs && an! > bn!);
}

/** The members map of a journal snapshot. */
export function membersIn(snap: DocumentSnapshot): Record<string, StoredMember> {
  return (snap.get('members') ?? {}) as Record<string, StoredMember>;
}

/**
 * The writes that make `userDoc`'s person a member (createJournal, accept-invite): their card
 * in the journal's members map, and their own state document (no pin, no badge, never
 * viewed). `addedAt` is the server's time, which decides which entries count for them.
 */
export function memberWrites(journalId: string, userDoc: DocumentSnapshot, role: MemberRole) {
  const entry = { role, addedAt: FieldValue.serverTimestamp(), ...memberCard(userDoc) };
  const state = {
    journalId,
    userId: userDoc.id,
    isPinned: false,
    newCommentsCount: 0,
    lastViewedAt: null,
  };
  return { entry, stateRef: memberStateRef(journalId, userDoc.id), state };
}

/**
 * A photo's URLs. A turned photo's URLs name its turn, so browsers and the service worker never
 * show a cached copy of another turn.
 */
export const imageUrls = photoUrls;

/** Where a photo's bytes live in the photo store: one folder per photo, one per moment. */
export function photoPrefix(journalId: string, imageId?: string): string {
  return imageId ? `journals/${journalId}/${imageId}` : `journals/${journalId}`;
}

/**
 * The full-quality copy of a photo (docs/data-model.md, "Full-quality copies"): in the photo's
 * folder, so deleting the photo or the moment removes it with the variants.
 */
export function fullCopyPath(journalId: string, imageId: string) {
  return `${photoPrefix(journalId, imageId)}/full.jpg`;
}

/**
 * The stored file of a variant: as uploaded at the photo's root, each turn in its own folder.
 * A turn's bytes depend only on the upload and the turn, so two editors racing write the same.
 */
export function variantPath(journalId: string, imageId: string, variant: string, rotation = 0) {
  const folder = rotation ? `/r${rotation}` : '';
  return `${photoPrefix(journalId, imageId)}${folder}/${variant}.webp`;
}

/** journals/{id}/images/{imageId} as the API answers it (the mapper the web app uses too). */
export function toImage(doc: DocumentSnapshot): JournalImage {
  return imageFromDoc(doc.id, doc.data() ?? {});
}

/** journals/{id}/photoIndex/all: every photo's place, one read for a moment page. */
export function photoIndexRef(journal: DocumentReference) {
  return journal.collection(PHOTO_INDEX_COLLECTION).doc(PHOTO_INDEX_DOC);
}

/**
 * The moment's photos in display order, from its index, inside a transaction. A moment from
 * before the index has none yet: its photos are read once from their records, and the next
 * writePhotoIndex stores it.
 */
export async function readPhotoIndex(
  tx: Transaction,
  journal: DocumentReference,
): Promise<{ images: JournalImage[]; stored: boolean }> {
  const index = await tx.get(photoIndexRef(journal));
  if (index.exists) return { images: imagesFromPhotoIndex(journal.id, index.data()), stored: true };
  const records = await tx.get(journal.collection('images'));
  return { images: records.docs.map(toImage).sort(byDisplayOrder), stored: false };
}

/** Stores the index as `images` (any order: it keeps display order). */
export function writePhotoIndex(
  tx: Transaction,
  journal: DocumentReference,
  images: readonly JournalImage[],
): void {
  tx.set(photoIndexRef(journal), photoIndexFields(images));
}

/**
 * The journal fields that keep the card's cover in step with a photo: `cover` is a copy of
 * the cover image (so the list needs no read per card), `coverImageId` its id. With no
 * photo left both are null.
 */
export function coverFields(image: JournalImage | undefined) {
  return { coverImageId: image?.id ?? null, cover: image ?? null };
}

/** The invite links a member made that still work (they stop when the member goes). */
export function pendingInvitesBy(journalId: string, uid: string) {
  return invites
    .where('journalId', '==', journalId)
    .where('inviterId', '==', uid)
    .where('status', '==', 'pending');
}

/**
 * Takes `uid` out of a moment inside a transaction: membership (so every read, photo and
 * list refuses them at once), member card, state document, and the pending links they made,
 * which are revoked. `links` is pendingInvitesBy read in the same transaction (a
 * transaction reads before it writes).
 */
export function dropMember(
  tx: Transaction,
  journal: DocumentReference,
  uid: string,
  links: QuerySnapshot,
  extra: Record<string, unknown> = {},
): void {
  tx.update(journal, {
    memberIds: FieldValue.arrayRemove(uid),
    [`members.${uid}`]: FieldValue.delete(),
    updatedAt: FieldValue.serverTimestamp(),
    ...extra,
  });
  tx.delete(memberStateRef(journal.id, uid));
  for (const link of links.docs) {
    tx.update(link.ref, { status: 'revoked', revokedAt: FieldValue.serverTimestamp() });
  }
}
