// Request bodies of the moment calls. Ids are strings: see ./ids.

import { z } from 'zod';
import type { MemberRole } from '../api-types';
import {
  COMMENT_TEXT_MAX_LENGTH,
  JOURNAL_CONTENT_MAX_LENGTH,
  JOURNAL_TITLE_MAX_LENGTH,
  PHOTO_ROTATIONS,
  TIMELINE_PAGE_MAX,
} from '../constants';
import { idSchema, isReservedId } from './ids';

export const JOURNAL_VALIDATION_MESSAGES = {
  titleRequired: 'Title is required',
  titleTooLong: `Title must be at most ${JOURNAL_TITLE_MAX_LENGTH} characters`,
  contentTooLong: `Content must be at most ${JOURNAL_CONTENT_MAX_LENGTH} characters`,
  imageUrlInvalid: 'Image URL must be text',
  isPinnedInvalid: 'isPinned must be true or false',
  commentRequired: 'Comment text is required',
  commentTooLong: `Comment must be at most ${COMMENT_TEXT_MAX_LENGTH} characters`,
  roleInvalid: 'Role must be owner or contributor',
  cropPositionInvalid: 'Crop position must be a number from 0 to 100',
  rotationInvalid: 'Rotation must be 0, 90, 180 or 270 degrees',
  photoEditEmpty: 'Nothing to change',
  imageIdsRequired: 'At least one image id is required',
  imageIdsDuplicate: 'Each image id may appear only once',
  inviteTokenInvalid: 'Invalid invite token',
  entryIdInvalid: 'Entry id must be 16 to 64 letters, digits, - or _',
  pageLimitInvalid: `limit must be a whole number from 1 to ${TIMELINE_PAGE_MAX}`,
} as const;

const M = JOURNAL_VALIDATION_MESSAGES;

export const createJournalSchema = z.object({
  title: z
    .string({ error: M.titleRequired })
    .trim()
    .min(1, M.titleRequired)
    .max(JOURNAL_TITLE_MAX_LENGTH, M.titleTooLong),
  content: z.string().max(JOURNAL_CONTENT_MAX_LENGTH, M.contentTooLong).optional(),
  imageUrl: z.string({ error: M.imageUrlInvalid }).optional(),
});

/** Every field of a new moment may change; coverImageId null removes the cover choice. */
export const updateJournalSchema = createJournalSchema.partial().extend({
  isPinned: z.boolean({ error: M.isPinnedInvalid }).optional(),
  coverImageId: idSchema.nullable().optional(),
});

/** PATCH /api/journals/:id from the card menu. */
export const pinJournalSchema = z.object({
  isPinned: z.boolean({ error: M.isPinnedInvalid }),
});

/**
 * An entry id made by the client before posting, so that sending the same entry again (a retry
 * after a lost answer, an outbox replay) stores it once: long enough that two people's ids do
 * not meet by chance (a UUID, or a Firestore-style 20-character id).
 */
export const entryIdSchema = z
  .string({ error: M.entryIdInvalid })
  .regex(/^[A-Za-z0-9_-]{16,64}$/, M.entryIdInvalid)
  .refine((id) => !isReservedId(id), M.entryIdInvalid);

/**
 * POST /api/journals/:id/comments. Blank text is refused; the text is stored trimmed. `id` is
 * optional: with it, posting is idempotent (the same id and author store one entry).
 */
export const commentSchema = z.object({
  id: entryIdSchema.optional(),
  text: z
    .string({ error: M.commentRequired })
    .trim()
    .min(1, M.commentRequired)
    .max(COMMENT_TEXT_MAX_LENGTH, M.commentTooLong),
  journalId: idSchema.nullable().optional(),
  parentCommentId: idSchema.nullable().optional(),
  photoId: idSchema.nullable().optional(),
});

/**
 * GET /api/journals/:id/comments?limit=N[&before=entryId]: one page of the timeline, the N
 * entries before `before` (else the newest N). Without `limit`, the whole timeline.
 */
export const commentsPageQuerySchema = z.object({
  limit: z.coerce
    .number({ error: M.pageLimitInvalid })
    .int(M.pageLimitInvalid)
    .min(1, M.pageLimitInvalid)
    .max(TIMELINE_PAGE_MAX, M.pageLimitInvalid),
  before: idSchema.optional(),
});

export const MEMBER_ROLES = ['owner', 'contributor'] as const satisfies readonly MemberRole[];

export const memberRoleSchema = z.enum(MEMBER_ROLES, { error: M.roleInvalid });

const cropPosition = z
  .number({ error: M.cropPositionInvalid })
  .min(0, M.cropPositionInvalid)
  .max(100, M.cropPositionInvalid);

/** A photo's vertical crop, in percent from the top. */
export const imageCropSchema = z.object({ cropPosition });

/**
 * PATCH /api/journals/:id/images/:imageId, and the photo editor: the vertical crop and/or the
 * turn (clockwise, in degrees, from the photo as uploaded), at least one of them.
 */
export const imageEditSchema = z
  .object({
    cropPosition: cropPosition.optional(),
    rotation: z.literal(PHOTO_ROTATIONS, { error: M.rotationInvalid }).optional(),
  })
  .refine(
    (edit) => edit.cropPosition !== undefined || edit.rotation !== undefined,
    M.photoEditEmpty,
  );

/** A moment's photos in their new display order. */
export const reorderImagesSchema = z.object({
  imageIds: z
    .array(idSchema, { error: M.imageIdsRequired })
    .min(1, M.imageIdsRequired)
    .refine((ids) => new Set(ids).size === ids.length, M.imageIdsDuplicate),
});

export type CreateJournalInput = z.infer<typeof createJournalSchema>;
export type UpdateJournalInput = z.infer<typeof updateJournalSchema>;
export type PinJournalInput = z.infer<typeof pinJournalSchema>;
export type CommentInput = z.infer<typeof commentSchema>;
/** Equals api-types' MemberRole: MEMBER_ROLES is checked to hold only its values. */
export type MemberRoleInput = z.infer<typeof memberRoleSchema>;
export type ImageCropInput = z.infer<typeof imageCropSchema>;
export type ImageEditInput = z.infer<typeof imageEditSchema>;
export type ReorderImagesInput = z.infer<typeof reorderImagesSchema>;

/**
 * POST /api/journals/:id/view. `through`: the newest entry by someone else the person was shown
 * (null: none), so that a view arriving late leaves newer entries counted; absent, the view
 * clears the whole badge.
 */
export const markViewedSchema = z.object({ through: idSchema.nullable().optional() });
export type MarkViewedInput = z.infer<typeof markViewedSchema>;

/** GET /api/journals' page after the first: `after`, the id of the last moment the list has. */
export const journalPageQuerySchema = z.object({ after: idSchema.optional() });

export type JournalPageQuery = z.infer<typeof journalPageQuerySchema>;
