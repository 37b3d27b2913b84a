// What each Firestore trigger (functions/src/index.ts) hands the fan-out.
import type { DocumentData } from 'firebase-admin/firestore';
import { Timestamp } from 'firebase-admin/firestore';
import { fanOut, startsPhotoBatch } from './fanout';
import { vapidDetails } from './vapid';

/** A new entry, reply or photo comment (journals/{id}/comments/{commentId} created). */
export async function entryPosted(journalId: string, entry: DocumentData | undefined) {
  if (!entry) return;
  const kind = entry.parentCommentId ? 'reply' : entry.photoId ? 'photoComment' : 'entry';
  await fanOut({ journalId, authorId: entry.userId as string, kind, text: entry.text as string });
}

/** A new photo (journals/{id}/images/{imageId} created): one notification per batch. */
export async function photoAdded(
  journalId: string,
  imageId: string,
  photo: DocumentData | undefined,
) {
  if (!photo || !vapidDetails()) return; // notifications off: no batch to remember either
  const uploaderId = photo.uploadedBy as string;
  const takenAt = photo.createdAt instanceof Timestamp ? photo.createdAt.toDate() : new Date();
  if (!(await startsPhotoBatch(journalId, imageId, uploaderId, takenAt))) return;
  await fanOut({ journalId, authorId: uploaderId, kind: 'photos' });
}

/** Someone joined through a link (invites/{id} accepted once more): its maker hears. */
export async function inviteUsed(
  before: DocumentData | undefined,
  after: DocumentData | undefined,
) {
  const accepted = (data: DocumentData | undefined) => (data?.acceptedCount as number) ?? 0;
  if (!after || accepted(after) <= accepted(before) || !after.usedByUserId) return;
  await fanOut({
    journalId: after.journalId as string,
    authorId: after.usedByUserId as string,
    kind: 'join',
    recipients: [after.inviterId as string],
  });
}
