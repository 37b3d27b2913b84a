import {
  imageEditSchema,
  type ImageEditInput,
  type Journal,
  type JournalImage,
} from '@moments/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { journalQueryKey } from './get-journal';
import { journalsQueryKey } from './get-journals';

/**
 * PATCH /api/journals/:id/images/:imageId: a photo's vertical crop (percent from the top) and/or
 * its turn, checked with the schema the function uses.
 */
export function editPhoto(
  journalId: string,
  imageId: string,
  edit: ImageEditInput,
): Promise<JournalImage> {
  return api.patch<JournalImage>(
    `/api/journals/${encodeURIComponent(journalId)}/images/${encodeURIComponent(imageId)}`,
    imageEditSchema.parse(edit),
  );
}

/** The photo editor's Save; the moment's cached photos (and the list's cover) follow. */
export function useEditPhoto(journalId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ imageId, edit }: { imageId: string; edit: ImageEditInput }) =>
      editPhoto(journalId, imageId, edit),
    onSuccess: (image) => {
      queryClient.setQueryData<Journal>(journalQueryKey(journalId), (journal) =>
        journal
          ? {
              ...journal,
              images: journal.images.map((item) => (item.id === image.id ? image : item)),
            }
          : journal,
      );
      return queryClient.invalidateQueries({ queryKey: journalsQueryKey, exact: true });
    },
  });
}
