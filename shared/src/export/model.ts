// What an exported moment holds, from the export call's answer: photo files named by their
// "#photo N" number, entries with their photo ties, replies and mentions resolved. Pure, so the
// browser, the tests and the benchmark build the same thing.
import { captureDateAsLocalDate } from '../capture-date';
import { formatEntryDate } from '../format';
import { photoSizeWidth } from '../photo-sizes';
import { referencedPhotoNumbers } from '../photo-refs';
import {
  EXPORT_FORMAT,
  EXPORT_VERSION,
  type ExportedEntry,
  type ExportedPerson,
  type ExportedPhoto,
  type MomentExport,
} from './schema';
import type { MomentExportSource } from './source';

type SourcePhoto = MomentExportSource['photos'][number];

/** A photo to fetch and where it goes in the ZIP. */
export interface PlannedPhoto {
  id: string;
  number: number;
  file: string;
  sidecar: string;
  /** The ZIP entry's time: the capture time as the camera showed it, else the upload time. */
  zipTime: Date;
}

/** "photos/001.jpg": three digits at least, so files sort as the photos are numbered. */
export function photoFileName(number: number): string {
  return `photos/${String(number).padStart(3, '0')}.jpg`;
}

/** The photos by seq: the N-th is "#photo N" (docs/data-model.md, "Photo numbering"). */
function bySeq(photos: readonly SourcePhoto[]): SourcePhoto[] {
  return [...photos].sort((a, b) => a.seq - b.seq);
}

/** The photos of an export, in the order their files are fetched (by number). */
export function planPhotos(source: MomentExportSource): PlannedPhoto[] {
  return bySeq(source.photos).map((photo, index) => {
    const file = photoFileName(index + 1);
    return {
      id: photo.id,
      number: index + 1,
      file,
      sidecar: `${file}.json`,
      zipTime:
        (photo.capturedAt ? captureDateAsLocalDate(photo.capturedAt) : undefined) ??
        new Date(photo.createdAt),
    };
  });
}

/** The pixel size of the exported file: the upload's, or the display size's for older photos. */
function exportedSize(photo: SourcePhoto): { width: number | null; height: number | null } {
  if (!photo.width || !photo.height) return { width: null, height: null };
  const scale = photo.fullQuality
    ? 1
    : photoSizeWidth(photo.width, photo.height, 'display') / photo.width;
  const width = Math.max(1, Math.round(photo.width * scale));
  const height = Math.max(1, Math.round(photo.height * scale));
  return photo.rotation % 180 === 0 ? { width, height } : { width: height, height: width };
}

const ROTATIONS = [0, 90, 180, 270] as const;
const asRotation = (value: number): ExportedPhoto['rotation'] =>
  ROTATIONS.find((turn) => turn === value) ?? 0;

/**
 * moment.json's content. `bytesOf` gives each photo file's size once fetched (0 before).
 * Authors who have left keep the name their entries were posted under; members are the
 * moment's current members.
 */
export function buildMomentExport(
  source: MomentExportSource,
  options: { exportedAt: Date; bytesOf?: (photoId: string) => number },
): MomentExport {
  const people = new Map<string, ExportedPerson>();
  for (const member of source.members) {
    people.set(member.id, {
      id: member.id,
      firstName: member.firstName,
      lastName: member.lastName,
    });
  }
  for (const entry of source.entries) {
    if (!people.has(entry.user.id)) {
      people.set(entry.user.id, {
        id: entry.user.id,
        firstName: entry.user.firstName,
        lastName: entry.user.lastName,
      });
    }
  }
  const personOf = (id: string): ExportedPerson =>
    people.get(id) ?? { id, firstName: null, lastName: null };

  const ordered = bySeq(source.photos);
  const numberOf = new Map(ordered.map((photo, index) => [photo.id, index + 1]));
  const positionOf = new Map(
    [...source.photos]
      .sort((a, b) => a.orderIndex - b.orderIndex || a.seq - b.seq)
      .map((photo, index) => [photo.id, index + 1]),
  );

  const photos: ExportedPhoto[] = ordered.map((photo, index) => {
    const file = photoFileName(index + 1);
    return {
      number: index + 1,
      seq: photo.seq,
      file,
      sidecar: `${file}.json`,
      bytes: options.bytesOf?.(photo.id) ?? 0,
      ...exportedSize(photo),
      fullQuality: photo.fullQuality,
      position: positionOf.get(photo.id)!,
      isCover: source.moment.coverImageId === photo.id,
      uploadedBy: personOf(photo.uploadedBy),
      uploadedAt: photo.createdAt,
      capturedAt: photo.capturedAt,
      rotation: asRotation(photo.rotation),
      cropPosition: photo.cropPosition,
    };
  });

  const entryIds = new Set(source.entries.map((entry) => entry.id));
  const entries: ExportedEntry[] = [...source.entries]
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id))
    .map((entry) => ({
      id: entry.id,
      author: personOf(entry.user.id),
      text: entry.text,
      createdAt: entry.createdAt,
      // A reply whose parent is gone reads as an entry of its own.
      replyTo:
        entry.parentCommentId && entryIds.has(entry.parentCommentId) ? entry.parentCommentId : null,
      // A tie to a photo deleted meanwhile is no tie.
      photo: (entry.photoId && numberOf.get(entry.photoId)) || null,
      mentions: referencedPhotoNumbers(entry.text, photos.length),
    }));

  return {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exportedAt: options.exportedAt.toISOString(),
    moment: {
      id: source.moment.id,
      title: source.moment.title,
      description: source.moment.content,
      createdAt: source.moment.createdAt,
      updatedAt: source.moment.updatedAt,
    },
    members: source.members.map((member) => ({
      id: member.id,
      firstName: member.firstName,
      lastName: member.lastName,
      role: member.role,
      joinedAt: member.joinedAt,
    })),
    photos,
    entries,
  };
}

/** "Maya Lopez", or "A former member" for an author with no name left. */
export function personName(person: Pick<ExportedPerson, 'firstName' | 'lastName'>): string {
  return [person.firstName, person.lastName].filter(Boolean).join(' ') || 'A former member';
}

/** A capture date as people read it, e.g. "May 1, 2024 – 2:03 PM" (the camera's clock). */
export function formatCaptureDate(capturedAt: string): string {
  const date = captureDateAsLocalDate(capturedAt);
  return date ? formatEntryDate(date) : '';
}

/**
 * The Takeout-style sidecar of a photo (Google Takeout's key names where they apply). The
 * capture time has no zone (EXIF keeps the camera's clock), so it is given as a local
 * date-time, not as a Unix timestamp.
 */
export function photoSidecar(moment: MomentExport, photo: ExportedPhoto) {
  const uploaded = new Date(photo.uploadedAt);
  const entries = moment.entries.filter(
    (entry) => entry.photo === photo.number || entry.mentions.includes(photo.number),
  );
  return {
    title: photo.file.slice('photos/'.length),
    description: `#photo ${photo.number} of "${moment.moment.title}"`,
    creationTime: {
      timestamp: String(Math.floor(uploaded.getTime() / 1000)),
      formatted: uploaded.toISOString(),
    },
    photoTakenTime: photo.capturedAt
      ? { localDateTime: photo.capturedAt, formatted: formatCaptureDate(photo.capturedAt) }
      : null,
    uploadedBy: personName(photo.uploadedBy),
    moment: { id: moment.moment.id, title: moment.moment.title },
    number: photo.number,
    seq: photo.seq,
    width: photo.width,
    height: photo.height,
    fullQuality: photo.fullQuality,
    entries: entries.map((entry) => entry.id),
  };
}
