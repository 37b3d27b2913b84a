import type { Collaborator, Journal, JournalImage, MemberRole } from '@moments/shared';
import { DEFAULT_CROP_POSITION } from '@moments/shared';
import { FieldValue, Timestamp, type DocumentSnapshot } from 'firebase-admin/firestore';
import { db } from '../../lib/firebase';
import { toIso } from '../auth/users';
import type { ProcessedPhoto, Variant } from '../photos/process';
import { photoStore } from '../photos/store';

export const journals = db.collection('journals');

interface MemberEntry {
  role: MemberRole;
  firstName: string | null;
  lastName: string | null;
  profilePictureUrl: string | null;
  isPinned?: boolean;
  newCommentsCount?: number;
}

function collaboratorsOf(members: Record<string, MemberEntry>): Collaborator[] {
  return Object.entries(members).map(([id, m]) => ({
    id,
    firstName: m.firstName ?? null,
    lastName: m.lastName ?? null,
    profilePictureUrl: m.profilePictureUrl ?? null,
  }));
}

/**
 * A journal as the caller sees it. `images` is what the caller's view has read: in the list,
 * only the cover (denormalised on the journal, so the list costs no read per card).
 */
export function toJournal(doc: DocumentSnapshot, uid: string, images: JournalImage[]): Journal {
  const d = doc.data() ?? {};
  const members = (d.members ?? {}) as Record<string, MemberEntry>;
  const me = members[uid];
  return {
    id: doc.id,
    userId: d.userId,
    title: d.title,
    content: d.content ?? null,
    imageUrl: d.cover?.imageUrl ?? null,
    coverImageId: d.coverImageId ?? null,
    isPinned: me?.isPinned === true,
    role: me?.role ?? 'contributor',
    createdAt: toIso(d.createdAt),
    updatedAt: toIso(d.updatedAt),
    images,
    collaborators: collaboratorsOf(members),
    newCommentsCount: me?.newCommentsCount ?? 0,
  };
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
    snap.docs.map((doc) => toJournal(doc, uid, doc.get('cover') ? [doc.get('cover')] : [])),
  );
}

function memberCard(userDoc: DocumentSnapshot) {
  return {
    firstName: userDoc.get('firstName') ?? null,
    lastName: userDoc.get('lastName') ?? null,
    profilePictureUrl: userDoc.get('profilePictureUrl') ?? null,
  };
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
      [ownerId]: { role: 'owner', addedAt: now, isPinned: false, newCommentsCount: 0, ...memberCard(owner) },
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

export function imageUrls(journalId: string, imageId: string) {
  const base = `/api/journals/${journalId}/images/${imageId}`;
  return { imageUrl: `${base}/display`, thumbUrl: `${base}/thumb` };
}

/**
 * Stores a processed photo's bytes, then records it with the next creation number (`seq`)
 * and at the end of the display order. The first photo becomes the cover.
 */
export async function addPhoto(
  journalId: string,
  uploaderId: string,
  photo: ProcessedPhoto,
  cropPosition = DEFAULT_CROP_POSITION,
): Promise<JournalImage> {
  const ref = journals.doc(journalId).collection('images').doc();
  const urls = imageUrls(journalId, ref.id);
  await Promise.all(
    (Object.keys(photo.variants) as Variant[]).map((v) =>
      photoStore.put(`journals/${journalId}/${ref.id}/${v}.webp`, photo.variants[v], 'image/webp'),
    ),
  );
  const createdAt = Timestamp.now();
  const image = await db.runTransaction(async (tx) => {
    const journalRef = journals.doc(journalId);
    const snap = await tx.get(journalRef);
    const seq = snap.get('nextPhotoSeq') as number;
    const count = snap.get('photoCount') as number;
    const data = {
      seq,
      orderIndex: count,
      cropPosition,
      ...urls,
      width: photo.width,
      height: photo.height,
      uploadedBy: uploaderId,
      createdAt,
    };
    tx.set(ref, data);
    const isFirst = !snap.get('coverImageId');
    tx.update(journalRef, {
      nextPhotoSeq: seq + 1,
      photoCount: count + 1,
      updatedAt: FieldValue.serverTimestamp(),
      ...(isFirst
        ? { coverImageId: ref.id, cover: { id: ref.id, seq, ...urls, orderIndex: count, cropPosition, createdAt: createdAt.toDate().toISOString() } }
        : {}),
    });
    return data;
  });
  return { id: ref.id, ...image, createdAt: createdAt.toDate().toISOString() };
}

/** Posts a timeline entry; every other member's new-comments badge goes up by one. */
export async function addComment(
  journalId: string,
  authorId: string,
  fields: { text: string; photoId?: string | null; parentCommentId?: string | null },
): Promise<string> {
  const author = await db.doc(`users/${authorId}`).get();
  const journalRef = journals.doc(journalId);
  const ref = journalRef.collection('comments').doc();
  await db.runTransaction(async (tx) => {
    const snap = await tx.get(journalRef);
    const others = (snap.get('memberIds') as string[]).filter((id) => id !== authorId);
    tx.set(ref, {
      userId: authorId,
      text: fields.text,
      photoId: fields.photoId ?? null,
      parentCommentId: fields.parentCommentId ?? null,
      createdAt: FieldValue.serverTimestamp(),
      user: { id: authorId, ...memberCard(author) },
    });
    tx.update(journalRef, {
      ...Object.fromEntries(
        others.map((id) => [`members.${id}.newCommentsCount`, FieldValue.increment(1)]),
      ),
      updatedAt: FieldValue.serverTimestamp(),
    });
  });
  return ref.id;
}
