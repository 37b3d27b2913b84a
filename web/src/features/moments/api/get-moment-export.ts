// The export calls (docs/export-format.md): the whole moment in one answer, then each photo's
// export file. Not the page's paged listeners: an export must hold everything.
import {
  exportPhotoUrl,
  type CurrentUser,
  type Journal,
  type MomentExportSource,
} from '@moments/shared';
import { api } from '../../../lib/api-client';

/** GET /api/journals/:id/export. */
export function getMomentExportSource(
  journalId: string,
  signal?: AbortSignal,
): Promise<MomentExportSource> {
  return api.get<MomentExportSource>(`/api/journals/${encodeURIComponent(journalId)}/export`, {
    signal,
  });
}

/** GET /api/journals/:id/images/:imageId/full: the response, its bytes not yet read. */
export function getExportPhoto(
  journalId: string,
  photoId: string,
  signal?: AbortSignal,
): Promise<Response> {
  return api.getResponse(exportPhotoUrl(journalId, photoId), { signal });
}

/** The signed-in person and every moment they can see, for "Download my data". */
export async function getAccountExportStart(
  signal?: AbortSignal,
): Promise<{ user: CurrentUser; journals: Journal[] }> {
  const [user, journals] = await Promise.all([
    api.get<CurrentUser>('/api/user', { signal }),
    api.get<Journal[]>('/api/journals', { signal }),
  ]);
  return { user, journals };
}

/** The person's profile picture, if they have one. */
export function getProfilePicture(url: string, signal?: AbortSignal): Promise<Response> {
  return api.getResponse(url, { signal });
}
