import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Journal } from '@moments/shared';
import { journalQueryKey, withPhotosHeld } from './get-journal';
import { journalsQueryKey } from './get-journals';
import { reorderImages } from './reorder-images';
import { updateJournal } from './update-journal';

/** What the edit page changes in one Save (new photos are uploaded separately). */
export interface MomentEdits {
  title: string;
  content: string;
  /** The chosen cover; null when the moment has no photos. */
  coverImageId: string | null;
  /** Every photo id in the new display order, or undefined when the order did not change. */
  order?: string[];
}

/**
 * Order, then title, content and cover. Crops and turns are saved by the photo editor itself.
 * Every call can be repeated, so Save after a failure simply sends them again.
 */
export async function saveMomentEdits(journalId: string, edits: MomentEdits): Promise<Journal> {
  if (edits.order) await reorderImages(journalId, edits.order);
  return updateJournal(journalId, {
    title: edits.title,
    content: edits.content,
    ...(edits.coverImageId ? { coverImageId: edits.coverImageId } : {}),
  });
}

export function useSaveMomentEdits(journalId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (edits: MomentEdits) => saveMomentEdits(journalId, edits),
    onSuccess: (journal, edits) => {
      queryClient.setQueryData<Journal>(journalQueryKey(journalId), (held) => {
        const kept = withPhotosHeld(held, journal);
        if (kept === journal || !edits.order) return kept;
        // The photos held, in the order just saved (the listener then sends their new places).
        const place = new Map(edits.order.map((id, i) => [id, i]));
        const at = (id: string) => place.get(id) ?? place.size;
        return { ...kept, images: [...kept.images].sort((a, b) => at(a.id) - at(b.id)) };
      });
      return queryClient.invalidateQueries({ queryKey: journalsQueryKey, exact: true });
    },
  });
}
