// The answers of GET /api/journals/:id and GET /api/journals/:id/photo-index, as zod schemas:
// the function checks what it sends with them, the web app's types are inferred from them
// (api-types' Journal and JournalImage), and the API tests check the answers with them.

import { z } from 'zod';

/**
 * The photos GET /api/journals/:id answers at most, the first in display order: what the moment
 * page's first screen shows (the carousel's first photos, its dots: CAROUSEL_DOTS_MAX_PHOTOS), so
 * the answer does not grow with the moment. `photoCount` says how many there are; the rest come
 * from the photo index (the page's listener, or GET /api/journals/:id/photo-index).
 */
export const MOMENT_FIRST_PHOTOS = 20;

export const journalImageSchema = z.object({
  id: z.string(),
  /** 1-based creation number: "#photo N" refers to the photo with the N-th smallest seq. */
  seq: z.number(),
  /** Display-size image (served by /api after a membership check). */
  imageUrl: z.string(),
  thumbUrl: z.string(),
  orderIndex: z.number(),
  cropPosition: z.number(),
  /** Clockwise turn from the photo as uploaded (0, 90, 180 or 270); the URLs show it applied. */
  rotation: z.number(),
  /** The uploaded photo's size in pixels, before any turn (null where not recorded). */
  width: z.number().nullable().optional(),
  height: z.number().nullable().optional(),
  createdAt: z.string(),
});

const collaboratorSchema = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profilePictureUrl: z.string().nullable(),
  role: z.enum(['owner', 'contributor']),
});

/**
 * A moment as the caller sees it: an item of GET /api/journals, and the moment page's data.
 * `images` is what the caller's view has read: every photo once the page's listener has the
 * photo index, the first MOMENT_FIRST_PHOTOS in GET /api/journals/:id, the cover alone in the
 * list; `photoCount` is how many the moment holds.
 */
export const journalSchema = z.object({
  id: z.string(),
  userId: z.string(),
  title: z.string(),
  content: z.string().nullable(),
  imageUrl: z.string().nullable(),
  coverImageId: z.string().nullable(),
  /** The caller's own pin (pins are per member). */
  isPinned: z.boolean(),
  role: z.enum(['owner', 'contributor']),
  createdAt: z.string(),
  updatedAt: z.string(),
  images: z.array(journalImageSchema),
  photoCount: z.number().int().min(0),
  collaborators: z.array(collaboratorSchema),
  newCommentsCount: z.number(),
});

/** GET /api/journals/:id (and the moment that POST and PATCH /api/journals answer). */
export const journalAnswerSchema = journalSchema.extend({
  images: z.array(journalImageSchema).max(MOMENT_FIRST_PHOTOS),
});

/**
 * GET /api/journals/:id/photo-index: every photo, in display order, as the photo index stores
 * it (one string a photo: `photoIndexEntry`), about 56 bytes a photo, for a screen that needs a
 * photo the first answer does not hold before the page's listener has the index.
 */
export const photoIndexAnswerSchema = z.object({ photos: z.array(z.string()) });

export type PhotoIndexAnswer = z.infer<typeof photoIndexAnswerSchema>;
