import type {
  Journal,
  JournalImage,
  MemberRole,
  PostedComment,
  UpdateJournalInput,
} from '@moments/shared';
import {
  DEFAULT_CROP_POSITION,
  idSchema,
  journalFromDoc,
  journalListFromDocs,
} from '@moments/shared';
import {
  FieldValue,
  Timestamp,
  type DocumentReference,
  type DocumentSnapshot,
  type Transaction,
} from 'firebase-admin/firestore';
import { db } from '../../lib/firebase';
import { ApiError } from '../../lib/http';
import { VARIANT_NAMES, type ProcessedPhoto } from '../photos/process';
import { photoStore } from '../photos/store';
import {
  JOURNAL_ERRORS,
  byDisplayOrder,
  coverFields,
  dropMember,
  imageUrls,
  journals,
  memberCard,
  pendingInvitesBy,
  photoPrefix,
  toImage,
  type MemberEntry,
} from './model';

export { imageUrls, journals } from './model';

/**
 * A journal as the caller sees it (the mapper the web app's live reads use too). `images` is
 * what the caller's view has read: in the list, only the cover (denormalised on the journal,
 * so the list costs no read per card).
 */
export function toJournal(doc: DocumentSnapshot, uid: string, images: JournalImage[]): Journal {
  return journalFromDoc(doc.id, doc.data() ?? {}, uid, images);
}

/** Pinned first, then newest first (SPEC section 4). */
export function sortJournals(list: Journal[]): Journal[] {
  return [...list].sort(
    (a, b) => Number(b.isPinned) - Number(a.isPinned) || b.createdAt.localeCompare(a.createdAt),
  );
}

/** The caller's moments: one query, no read per item. */
export async function listJournals(uid: string): Promise<Journal[]> {
  const snap = await journals.where('memberIds', 'array-contains', uid).get();
  return sortJournals(
    journalListFromDocs(
      snap.docs.map((d) => ({ id: d.id, data: d.data() })),
      uid,
    ),
  );
}

/**
 * The caller's role in a journal. A missing journal, one being deleted and one the caller is
 * not a member of all answer the same 404, so a moment's existence does not leak.
 */
export function roleIn(snap: DocumentSnapshot, uid: string): MemberRole {
  const memberIds = (snap.get('memberIds') as string[] | undefined) ?? [];
  if (!snap.exists || snap.get('deletedAt') || !memberIds.includes(uid)) {
    throw new ApiError(404, JOURNAL_ERRORS.notFound);
  }
  return (snap.get(`members.${uid}.role`) as MemberRole | undefined) ?? 'contributor';
}

/** The journal's document reference, for an id from a URL (anything odd is a 404). */
export function journalRef(journalId: string) {
  if (!idSchema.safeParse(journalId).success) throw new ApiError(404, JOURNAL_ERRORS.notFound);
  return journals.doc(journalId);
}

/** Reads a journal the caller is a member of; see roleIn. */
export async function loadJournal(journalId: string, uid: string) {
  const ref = journalRef(journalId);
  const snap = await ref.get();
  const role = roleIn(snap, uid);
  return { ref, snap, role };
}

/** GET /api/journals/:id: the journal with all its photos in display order. */
export async function getJournal(journalId: string, uid: string): Promise<Journal> {
  const ref = journalRef(journalId);
  const [snap, images] = await Promise.all([ref.get(), ref.collection('images').get()]);
  roleIn(snap, uid);
  return toJournal(snap, uid, images.docs.map(toImage).sort(byDisplayOrder));
}

/** Creates a moment owned by `ownerId`; returns its id. */
export async function createJournal(
  ownerId: string,
  fields: { title: string; content?: string | null },
): Promise<string> {
  const owner = await db.doc(`users/${ownerId}`).get();
  const ref = journals.doc();
  const now = FieldValue.serverTimestamp();
  await ref.set({
    userId: ownerId,
    title: fields.title,
    content: fields.content ?? null,
    coverImageId: null,
    cover: null,
    photoCount: 0,
    nextPhotoSeq: 1,
    memberIds: [ownerId],
    members: {
      [ownerId]: {
        role: 'owner',
        addedAt: now,
        isPinned: false,
        newCommentsCount: 0,
        ...memberCard(owner),
      },
    },
    createdAt: now,
    updatedAt: now,
  });
  return ref.id;
}

/** Adds a member (a no-op for someone already in); returns whether they were already in. */
export async function addMember(
  journalId: string,
  uid: string,
  role: MemberRole = 'contributor',
): Promise<boolean> {
  const user = await db.doc(`users/${uid}`).get();
  return db.runTransaction(async (tx) => {
    const ref = journals.doc(journalId);
    const snap = await tx.get(ref);
    if (!snap.exists || snap.get('deletedAt')) throw new ApiError(404, JOURNAL_ERRORS.notFound);
    if ((snap.get('memberIds') as string[]).includes(uid)) return true;
    tx.update(ref, {
      memberIds: FieldValue.arrayUnion(uid),
      [`members.${uid}`]: {
        role,
        addedAt: FieldValue.serverTimestamp(),
        isPinned: false,
        newCommentsCount: 0,
        ...memberCard(user),
      },
      updatedAt: FieldValue.serverTimestamp(),
    });
    return false;
  });
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

/**
 * PATCH /api/journals/:id. `isPinned` is the caller's own pin (any member); title, content
 * and coverImageId are the owner's. A null coverImageId drops the owner's choice: the first
 * photo in display order becomes the cover.
 */
export async function updateJournal(
  journalId: string,
  uid: string,
  input: UpdateJournalInput,
): Promise<void> {
  const { isPinned, title, content, coverImageId } = input;
  const edits = title !== undefined || content !== undefined || coverImageId !== undefined;
  if (!edits && isPinned === undefined) throw new ApiError(400, JOURNAL_ERRORS.nothingToUpdate);
  const ref = journalRef(journalId);
  await db.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    const role = roleIn(snap, uid);
    if (edits && role !== 'owner') throw new ApiError(403, JOURNAL_ERRORS.ownerOnlyEdit);
    const update: Record<string, unknown> = {};
    if (isPinned !== undefined) update[`members.${uid}.isPinned`] = isPinned;
    if (coverImageId === null) {
      Object.assign(update, coverFields(await firstPhoto(tx, ref)));
    } else if (coverImageId !== undefined) {
      const image = await tx.get(ref.collection('images').doc(coverImageId));
      if (!image.exists) throw new ApiError(400, JOURNAL_ERRORS.coverNotInJournal);
      Object.assign(update, coverFields(toImage(image)));
    }
    if (title !== undefined) update.title = title;
    if (content !== undefined) update.content = content;
    if (edits) update.updatedAt = FieldValue.serverTimestamp();
    tx.update(ref, update);
  });
}

/** POST /api/journals/:id/view: clears the caller's badge and records when they looked. */
export async function markViewed(journalId: string, uid: string): Promise<string> {
  const ref = journalRef(journalId);
  const now = Timestamp.now();
  await db.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    roleIn(snap, uid);
    // Every member's live list re-reads the journal when it changes: leave it alone when
    // the badge is already clear (the common case of opening a moment again).
    if (snap.get(`members.${uid}.newCommentsCount`) !== 0) {
      tx.update(ref, { [`members.${uid}.newCommentsCount`]: 0 });
    }
    tx.set(ref.collection('views').doc(uid), { userId: uid, lastViewedAt: now });
  });
  return now.toDate().toISOString();
}

/**
 * POST /api/journals/:id/leave: a contributor stops being a member; the owner cannot. The
 * links they made stop working too.
 */
export async function leaveJournal(journalId: string, uid: string): Promise<void> {
  const ref = journalRef(journalId);
  await db.runTransaction(async (tx) => {
    const [snap, links] = await Promise.all([
      tx.get(ref),
      tx.get(pendingInvitesBy(journalId, uid)),
    ]);
    if (roleIn(snap, uid) === 'owner') throw new ApiError(400, JOURNAL_ERRORS.ownerCannotLeave);
    dropMember(tx, ref, uid, links);
  });
}

/**
 * Stores a processed photo's bytes, then records it with the next creation number (`seq`)
 * and at the end of the display order. The first photo becomes the cover. If the moment is
 * gone or the uploader is no longer a member by then, the bytes are removed again.
 */
export async function addPhoto(
  journalId: string,
  uploaderId: string,
  photo: ProcessedPhoto,
  cropPosition = DEFAULT_CROP_POSITION,
): Promise<JournalImage> {
  const journalDoc = journalRef(journalId);
  const ref = journalDoc.collection('images').doc();
  const urls = imageUrls(journalId, ref.id);
  const prefix = photoPrefix(journalId, ref.id);
  try {
    await Promise.all(
      VARIANT_NAMES.map((v) =>
        photoStore.put(`${prefix}/${v}.webp`, photo.variants[v], 'image/webp'),
      ),
    );
    const createdAt = Timestamp.now();
    return await db.runTransaction(async (tx) => {
      const snap = await tx.get(journalDoc);
      roleIn(snap, uploaderId);
      const last = await tx.get(
        journalDoc.collection('images').orderBy('orderIndex', 'desc').limit(1),
      );
      const seq = snap.get('nextPhotoSeq') as number;
      const count = (snap.get('photoCount') as number | undefined) ?? 0;
      const lastIndex = last.docs[0]?.get('orderIndex') as number | undefined;
      const data = {
        seq,
        orderIndex: lastIndex === undefined ? 0 : lastIndex + 1,
        cropPosition,
        ...urls,
        width: photo.width,
        height: photo.height,
        // Stored size of all variants: the admin Overview sums it for storage used.
        bytes: VARIANT_NAMES.reduce((n, v) => n + photo.variants[v].length, 0),
        uploadedBy: uploaderId,
        createdAt,
      };
      tx.set(ref, data);
      const image: JournalImage = {
        id: ref.id,
        seq,
        ...urls,
        orderIndex: data.orderIndex,
        cropPosition,
        createdAt: createdAt.toDate().toISOString(),
      };
      tx.update(journalDoc, {
        nextPhotoSeq: seq + 1,
        photoCount: count + 1,
        updatedAt: FieldValue.serverTimestamp(),
        ...(snap.get('cover') ? {} : coverFields(image)),
      });
      return image;
    });
  } catch (err) {
    await photoStore.removeAll(prefix).catch(() => undefined);
    throw err;
  }
}

/**
 * Posts a timeline entry; every other member's new-comments badge goes up by one. A photo
 * must be one of the moment's, a parent one of its entries. The author's name and picture
 * are copied from their member card.
 */
export async function addComment(
  journalId: string,
  authorId: string,
  fields: { text: string; photoId?: string | null; parentCommentId?: string | null },
): Promise<PostedComment> {
  const ref = journalRef(journalId);
  const comment = ref.collection('comments').doc();
  const photoId = fields.photoId ?? null;
  const parentCommentId = fields.parentCommentId ?? null;
  const createdAt = Timestamp.now();
  const author = await db.runTransaction(async (tx) => {
    const [snap, photo, parent] = await Promise.all([
      tx.get(ref),
      photoId ? tx.get(ref.collection('images').doc(photoId)) : undefined,
      parentCommentId ? tx.get(ref.collection('comments').doc(parentCommentId)) : undefined,
    ]);
    roleIn(snap, authorId);
    if (photo && !photo.exists) throw new ApiError(400, JOURNAL_ERRORS.photoNotInJournal);
    if (parent && !parent.exists) throw new ApiError(400, JOURNAL_ERRORS.parentNotInJournal);
    const me = snap.get(`members.${authorId}`) as MemberEntry;
    const card = {
      id: authorId,
      firstName: me.firstName ?? null,
      lastName: me.lastName ?? null,
      profilePictureUrl: me.profilePictureUrl ?? null,
    };
    const others = (snap.get('memberIds') as string[]).filter((id) => id !== authorId);
    tx.set(comment, {
      userId: authorId,
      text: fields.text,
      photoId,
      parentCommentId,
      createdAt,
      user: card,
    });
    tx.update(ref, {
      ...Object.fromEntries(
        others.map((id) => [`members.${id}.newCommentsCount`, FieldValue.increment(1)]),
      ),
      updatedAt: FieldValue.serverTimestamp(),
    });
    return card;
  });
  return {
    id: comment.id,
    text: fields.text,
    createdAt: createdAt.toDate().toISOString(),
    photoId,
    userId: authorId,
    userFirstName: author.firstName,
    userLastName: author.lastName,
    userProfilePictureUrl: author.profilePictureUrl,
  };
}
