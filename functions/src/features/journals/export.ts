// A moment for export (docs/export-format.md): everything a member sees of it in one answer,
// and each photo's export file. The ZIP itself is made in the browser.
import type { MemberRole, MomentExportSource } from '@moments/shared';
import { commentFromDoc, timestampToIso } from '@moments/shared';
import type { DocumentSnapshot } from 'firebase-admin/firestore';
import { ApiError } from '../../lib/http';
import { exportJpeg, photoStore } from '../photos';
import { loadJournal } from './access';
import { imageRef } from './images';
import { JOURNAL_ERRORS, fullCopyPath, membersIn, toImage, variantPath } from './model';

const isoOrNull = (value: unknown) => (value ? timestampToIso(value) : null);

function exportedPhoto(doc: DocumentSnapshot): MomentExportSource['photos'][number] {
  const image = toImage(doc);
  const capturedAt = doc.get('capturedAt') as unknown;
  return {
    id: image.id,
    seq: image.seq,
    orderIndex: image.orderIndex,
    width: image.width ?? null,
    height: image.height ?? null,
    rotation: image.rotation,
    cropPosition: image.cropPosition,
    uploadedBy: String(doc.get('uploadedBy') ?? ''),
    createdAt: image.createdAt,
    capturedAt: typeof capturedAt === 'string' ? capturedAt : null,
    fullQuality: typeof doc.get('fullBytes') === 'number',
  };
}

/**
 * GET /api/journals/:id/export (any member): the moment, its members' names and roles (never
 * their phone numbers or e-mail addresses), every photo and every entry. Not paged, unlike the
 * page's listeners: an export must hold everything.
 */
export async function getMomentExportSource(
  journalId: string,
  uid: string,
): Promise<MomentExportSource> {
  const { ref, snap } = await loadJournal(journalId, uid);
  const [images, comments] = await Promise.all([
    ref.collection('images').get(),
    ref.collection('comments').orderBy('createdAt').get(),
  ]);
  const members = membersIn(snap);
  return {
    moment: {
      id: snap.id,
      title: String(snap.get('title') ?? ''),
      content: (snap.get('content') as string | null | undefined) ?? null,
      ownerId: String(snap.get('userId') ?? ''),
      coverImageId: (snap.get('coverImageId') as string | null | undefined) ?? null,
      createdAt: timestampToIso(snap.get('createdAt')),
      updatedAt: timestampToIso(snap.get('updatedAt')),
    },
    members: Object.entries(members).map(([id, member]) => ({
      id,
      firstName: member.firstName ?? null,
      lastName: member.lastName ?? null,
      role: (member.role as MemberRole | undefined) ?? 'contributor',
      joinedAt: isoOrNull(member.addedAt),
    })),
    photos: images.docs.map(exportedPhoto),
    entries: comments.docs.map((doc) => commentFromDoc(doc.id, doc.data(), members)),
  };
}

/**
 * GET /api/journals/:id/images/:imageId/full (any member; anyone else the moment's 404): the
 * photo's export JPEG, its turn applied. Photos from before full-quality copies were kept
 * export their display variant (1600 px), the best they have.
 */
export async function readExportPhoto(
  journalId: string,
  uid: string,
  imageId: string,
): Promise<Buffer> {
  const { ref: journal } = await loadJournal(journalId, uid);
  const doc = await imageRef(journal, imageId).get();
  if (!doc.exists) throw new ApiError(404, JOURNAL_ERRORS.photoNotFound);
  const { rotation, capturedAt } = exportedPhoto(doc);
  const full = await photoStore.get(fullCopyPath(journalId, imageId));
  const stored = full
    ? { bytes: full, isFullCopy: true }
    : {
        bytes: await photoStore.get(variantPath(journalId, imageId, 'display')),
        isFullCopy: false,
      };
  if (!stored.bytes) throw new ApiError(404, JOURNAL_ERRORS.photoNotFound);
  return exportJpeg({ bytes: stored.bytes, isFullCopy: stored.isFullCopy }, rotation, capturedAt);
}
