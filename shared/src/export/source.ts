// GET /api/journals/:id/export: everything a member sees of one moment, in one answer, for the
// export built in the browser. Not paged: an export must hold every photo and entry.
import type { Comment, MemberRole } from '../api-types';

export interface MomentExportSource {
  moment: {
    id: string;
    title: string;
    content: string | null;
    ownerId: string;
    coverImageId: string | null;
    createdAt: string;
    updatedAt: string;
  };
  /** The current members, as the moment's member list shows them (names and roles only). */
  members: Array<{
    id: string;
    firstName: string | null;
    lastName: string | null;
    role: MemberRole;
    joinedAt: string | null;
  }>;
  /** Every photo, in no particular order. */
  photos: Array<{
    id: string;
    seq: number;
    orderIndex: number;
    /** The upright size of the upload, before any turn (null where not recorded). */
    width: number | null;
    height: number | null;
    rotation: number;
    cropPosition: number;
    uploadedBy: string;
    createdAt: string;
    /** The camera's wall-clock time (EXIF DateTimeOriginal), no zone; null when unknown. */
    capturedAt: string | null;
    /** Whether a full-quality copy is kept; older photos export at the display size. */
    fullQuality: boolean;
  }>;
  /** Every entry and reply, oldest first. */
  entries: Comment[];
}

/** Where a photo's export bytes are served (members only; JPEG, turn applied). */
export function exportPhotoUrl(momentId: string, photoId: string): string {
  return `/api/journals/${encodeURIComponent(momentId)}/images/${encodeURIComponent(photoId)}/full`;
}
