// moment.json of an exported moment: a versioned format (docs/export-format.md). A reader
// checks `format` and `version` first; version 1 readers must ignore fields they do not know.
import { z } from 'zod';

const isoDateTime = z.iso.datetime({ offset: true });
/** The camera's wall-clock time, without a zone (EXIF DateTimeOriginal). */
const localDateTime = z.iso.datetime({ local: true });
const role = z.enum(['owner', 'contributor']);
const personName = {
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
};

export const EXPORT_FORMAT = 'moments-export';
export const EXPORT_VERSION = 1;

export const exportedPersonSchema = z.object({ id: z.string(), ...personName });

export const exportedPhotoSchema = z.object({
  /** "#photo N" in entries: the photo's rank by seq among the photos that exist. */
  number: z.number().int().min(1),
  /** The creation number kept by the app (gaps where photos were deleted). */
  seq: z.number().int().min(1),
  /** Path inside the ZIP, e.g. "photos/001.jpg". */
  file: z.string(),
  /** The Takeout-style JSON beside it, e.g. "photos/001.jpg.json". */
  sidecar: z.string(),
  /** The file's size in bytes. */
  bytes: z.number().int().min(0),
  /** Pixel size of the file (turn applied). */
  width: z.number().int().min(1).nullable(),
  height: z.number().int().min(1).nullable(),
  /** true: the full-quality copy; false: a photo from before those were kept, at 1600 px. */
  fullQuality: z.boolean(),
  /** Position in the moment's display order, from 1. */
  position: z.number().int().min(1),
  isCover: z.boolean(),
  uploadedBy: exportedPersonSchema,
  uploadedAt: isoDateTime,
  capturedAt: localDateTime.nullable(),
  /** Clockwise quarter turn applied to the file, in degrees. */
  rotation: z.union([z.literal(0), z.literal(90), z.literal(180), z.literal(270)]),
  /** The vertical crop cards show, 0 (top) to 100 (bottom); the file itself is not cropped. */
  cropPosition: z.number().min(0).max(100),
});

export const exportedEntrySchema = z.object({
  id: z.string(),
  author: exportedPersonSchema,
  text: z.string(),
  createdAt: isoDateTime,
  /** The entry this one answers (an id in `entries`), or null. */
  replyTo: z.string().nullable(),
  /** The photo the entry is tied to (its `number`), or null. */
  photo: z.number().int().min(1).nullable(),
  /** The photos its text names as "#photo N", in order of first mention. */
  mentions: z.array(z.number().int().min(1)),
});

export const momentExportSchema = z.object({
  format: z.literal(EXPORT_FORMAT),
  version: z.literal(EXPORT_VERSION),
  exportedAt: isoDateTime,
  moment: z.object({
    id: z.string(),
    title: z.string(),
    description: z.string().nullable(),
    createdAt: isoDateTime,
    updatedAt: isoDateTime,
  }),
  /** Names and roles only: never phone numbers or e-mail addresses. */
  members: z.array(exportedPersonSchema.extend({ role, joinedAt: isoDateTime.nullable() })),
  /** By number (= by seq). */
  photos: z.array(exportedPhotoSchema),
  /** Oldest first. */
  entries: z.array(exportedEntrySchema),
});

export type MomentExport = z.infer<typeof momentExportSchema>;
export type ExportedPhoto = z.infer<typeof exportedPhotoSchema>;
export type ExportedEntry = z.infer<typeof exportedEntrySchema>;
export type ExportedPerson = z.infer<typeof exportedPersonSchema>;

export const ACCOUNT_EXPORT_FORMAT = 'moments-account-export';

/** account.json of "Download my data". */
export const accountExportSchema = z.object({
  format: z.literal(ACCOUNT_EXPORT_FORMAT),
  version: z.literal(EXPORT_VERSION),
  exportedAt: isoDateTime,
  profile: z.object({
    id: z.string(),
    ...personName,
    email: z.string().nullable(),
    phoneNumber: z.string().nullable(),
    createdAt: isoDateTime,
    /** "profile-picture.webp" when there is one. */
    picture: z.string().nullable(),
  }),
  /** Each moment's folder holds index.html, moment.json and photos/ as a moment export does. */
  moments: z.array(z.object({ id: z.string(), title: z.string(), role, folder: z.string() })),
  /** Every entry the person wrote, in every moment they can see. */
  entries: z.array(
    exportedEntrySchema.omit({ author: true }).extend({ momentId: z.string(), folder: z.string() }),
  ),
});

export type AccountExport = z.infer<typeof accountExportSchema>;
