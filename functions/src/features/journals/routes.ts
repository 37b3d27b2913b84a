// The moment calls: lists, detail, entries, views, and creating, editing and photos.
// Routes only parse, authorise through the domain functions and answer; rules live there.
import {
  DEFAULT_CROP_POSITION,
  captureDateSchema,
  commentSchema,
  commentsPageQuerySchema,
  createJournalSchema,
  PHOTO_ROTATIONS,
  imageCropSchema,
  imageEditSchema,
  journalPageQuerySchema,
  isPhotoSize,
  markViewedSchema,
  reorderImagesSchema,
  updateJournalSchema,
} from '@moments/shared';
import { ApiError, handle, param, parseBody, parseQuery } from '../../lib/http';
import { callerId } from '../../middleware/auth';
import { signedInRouter } from '../../middleware/signed-in-router';
import { assertRoomForPhoto } from '../billing';
import {
  MAX_UPLOAD_BYTES,
  UPLOAD_MESSAGES,
  processOrRefuse,
  processPhoto,
  readUpload,
  sendExportJpeg,
  sendWebp,
} from '../photos';
import { loadJournal } from './access';
import { clientIdField, storedUpload } from './client-id';
import { addComment, listComments, listCommentsPage } from './comments';
import { deleteComment } from './delete-comments';
import { deleteJournal } from './delete';
import { getMomentExportSource, readExportPhoto } from './export';
import { addPhoto, deletePhoto, readVariant, reorderImages } from './images';
import { editPhoto } from './photo-edit';
import {
  createJournal,
  getJournal,
  getPhotoIndex,
  leaveJournal,
  listJournals,
  markViewed,
  updateJournal,
} from './journals';
import { JOURNAL_ERRORS } from './model';

/** Every moment call is a signed-in person's. */
export const journalRoutes = signedInRouter();

journalRoutes.get(
  '/journals',
  handle(async (req, res) => {
    const { after } = parseQuery(journalPageQuerySchema, req);
    res.json(await listJournals(callerId(req), after));
  }),
);

journalRoutes.post(
  '/journals',
  handle(async (req, res) => {
    const uid = callerId(req);
    const { title, content } = parseBody(createJournalSchema, req);
    const id = await createJournal(uid, { title, content });
    res.status(201).json(await getJournal(id, uid));
  }),
);

journalRoutes.get(
  '/journals/:id',
  handle(async (req, res) => {
    res.json(await getJournal(param(req, 'id'), callerId(req)));
  }),
);

journalRoutes.get(
  '/journals/:id/photo-index',
  handle(async (req, res) => {
    res.json(await getPhotoIndex(param(req, 'id'), callerId(req)));
  }),
);

journalRoutes.patch(
  '/journals/:id',
  handle(async (req, res) => {
    const uid = callerId(req);
    const input = parseBody(updateJournalSchema, req);
    await updateJournal(param(req, 'id'), uid, input);
    res.json(await getJournal(param(req, 'id'), uid));
  }),
);

journalRoutes.delete(
  '/journals/:id',
  handle(async (req, res) => {
    await deleteJournal(param(req, 'id'), callerId(req));
    res.json({ success: true });
  }),
);

journalRoutes.post(
  '/journals/:id/leave',
  handle(async (req, res) => {
    await leaveJournal(param(req, 'id'), callerId(req));
    res.json({ success: true });
  }),
);

journalRoutes.post(
  '/journals/:id/view',
  handle(async (req, res) => {
    const { through } = parseBody(markViewedSchema, req);
    const lastViewedAt = await markViewed(param(req, 'id'), callerId(req), through);
    res.json({ success: true, lastViewedAt });
  }),
);

journalRoutes.get(
  '/journals/:id/comments',
  handle(async (req, res) => {
    // With ?limit=, one page (the moment page's first answer); without, the whole timeline.
    if (req.query.limit === undefined) {
      res.json(await listComments(param(req, 'id'), callerId(req)));
      return;
    }
    const page = commentsPageQuerySchema.safeParse(req.query);
    if (!page.success) {
      throw new ApiError(400, page.error.issues[0]?.message ?? 'Invalid request');
    }
    res.json(await listCommentsPage(param(req, 'id'), callerId(req), page.data));
  }),
);

journalRoutes.post(
  '/journals/:id/comments',
  handle(async (req, res) => {
    const { id, text, photoId, parentCommentId } = parseBody(commentSchema, req);
    const entry = { id, text, photoId, parentCommentId };
    const { posted, created } = await addComment(param(req, 'id'), callerId(req), entry);
    res.status(created ? 201 : 200).json(posted);
  }),
);

journalRoutes.delete(
  '/journals/:id/comments/:commentId',
  handle(async (req, res) => {
    await deleteComment(param(req, 'id'), callerId(req), param(req, 'commentId'));
    res.json({ success: true });
  }),
);

/** The optional `cropPosition` form field of an upload, checked like the JSON one. */
function cropField(value: string | undefined): number {
  if (value === undefined) return DEFAULT_CROP_POSITION;
  const parsed = imageCropSchema.safeParse({
    cropPosition: value.trim() === '' ? Number.NaN : Number(value),
  });
  if (!parsed.success) throw new ApiError(400, parsed.error.issues[0]?.message ?? 'Invalid crop');
  return parsed.data.cropPosition;
}

/** The optional `capturedAt` form field: a plausible local date-time (shared capture-date). */
function captureDateField(value: string | undefined): string | null {
  if (value === undefined) return null;
  const parsed = captureDateSchema.safeParse(value);
  if (!parsed.success) throw new ApiError(400, parsed.error.issues[0]?.message ?? 'Invalid date');
  return parsed.data;
}

journalRoutes.post(
  '/journals/:id/images',
  handle(async (req, res) => {
    const uid = callerId(req);
    const id = param(req, 'id');
    await loadJournal(id, uid); // a non-member's bytes are not even read
    const { bytes, fields } = await readUpload(req, {
      maxBytes: MAX_UPLOAD_BYTES,
      tooLargeMessage: UPLOAD_MESSAGES.photoTooLarge,
    });
    const cropPosition = cropField(fields.cropPosition);
    const capturedAt = captureDateField(fields.capturedAt);
    const clientId = clientIdField(fields.id);
    // A repeat of an upload already stored (its answer was lost): the stored photo, unchanged.
    const stored = clientId && (await storedUpload(id, uid, clientId));
    if (stored) {
      res.status(200).json(stored);
      return;
    }
    await assertRoomForPhoto(uid); // a full allowance: refused before any processing or write
    const photo = await processOrRefuse(processPhoto(bytes, capturedAt), {
      unsupported: UPLOAD_MESSAGES.photoUnsupported,
      tooLarge: UPLOAD_MESSAGES.photoTooLarge,
    });
    res.status(201).json(await addPhoto(id, uid, photo, cropPosition, clientId));
  }),
);

journalRoutes.put(
  '/journals/:id/images/order',
  handle(async (req, res) => {
    const { imageIds } = parseBody(reorderImagesSchema, req);
    res.json(await reorderImages(param(req, 'id'), callerId(req), imageIds));
  }),
);

journalRoutes.patch(
  '/journals/:id/images/:imageId',
  handle(async (req, res) => {
    const edit = parseBody(imageEditSchema, req);
    res.json(await editPhoto(param(req, 'id'), callerId(req), param(req, 'imageId'), edit));
  }),
);

journalRoutes.delete(
  '/journals/:id/images/:imageId',
  handle(async (req, res) => {
    await deletePhoto(param(req, 'id'), callerId(req), param(req, 'imageId'));
    res.json({ success: true });
  }),
);

journalRoutes.get(
  '/journals/:id/export',
  handle(async (req, res) => {
    res.json(await getMomentExportSource(param(req, 'id'), callerId(req)));
  }),
);

/** A photo's export file (before `:variant`, which would take "full" for an unknown size). */
journalRoutes.get(
  '/journals/:id/images/:imageId/full',
  handle(async (req, res) => {
    sendExportJpeg(
      res,
      await readExportPhoto(param(req, 'id'), callerId(req), param(req, 'imageId')),
    );
  }),
);

/** Photo bytes for <img>: the `__session` cookie identifies the caller (requireUser reads it). */
journalRoutes.get(
  '/journals/:id/images/:imageId/:variant',
  handle(async (req, res) => {
    const variant = param(req, 'variant');
    const rotation = Number(req.query.rotation ?? 0);
    if (!isPhotoSize(variant) || !PHOTO_ROTATIONS.some((turn) => turn === rotation)) {
      throw new ApiError(404, JOURNAL_ERRORS.photoNotFound);
    }
    const bytes = await readVariant(
      param(req, 'id'),
      callerId(req),
      param(req, 'imageId'),
      variant,
      rotation,
    );
    sendWebp(res, bytes);
  }),
);
