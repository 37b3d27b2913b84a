// GET /api/journals/:id/photo-index into a moment's data: loaded only when a screen needs a
// photo the first answer does not hold before the listener has them (get-journal.ts).
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import {
  imagesFromPhotoIndex,
  type Journal,
  type JournalImage,
  type PhotoIndexAnswer,
} from '@moments/shared';
import { api } from '../../../lib/api-client';

const photoIndexCalls = new Map<string, Promise<JournalImage[]>>();

/**
 * Every photo of moment `id` in display order (one call at a time), written into its data at
 * `key` unless that holds them all by the time it answers (the listener came first).
 */
export async function loadAllPhotos(
  queryClient: QueryClient,
  key: QueryKey,
  id: string,
): Promise<JournalImage[]> {
  let call = photoIndexCalls.get(id);
  if (!call) {
    call = api
      .get<PhotoIndexAnswer>(`/api/journals/${encodeURIComponent(id)}/photo-index`)
      .then(({ photos }) => imagesFromPhotoIndex(id, { photos }))
      .finally(() => photoIndexCalls.delete(id));
    photoIndexCalls.set(id, call);
  }
  const images = await call;
  queryClient.setQueryData<Journal>(key, (journal) =>
    journal && journal.images.length < journal.photoCount
      ? { ...journal, images, photoCount: images.length }
      : journal,
  );
  return images;
}
