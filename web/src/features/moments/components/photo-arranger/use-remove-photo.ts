import { useRef, useState } from 'react';
import type { JournalImage } from '@moments/shared';
import { useDeleteImage } from '../../api/delete-image';

export const REMOVE_PHOTO_FAILED = 'The photo could not be removed. Please try again.';

/**
 * Removing a photo after the person confirmed: which photo is asked about, the call, its
 * failure (the dialog stays open to try again), and whether the dialog closed on a removal
 * (its Remove button is then gone, so focus must go elsewhere).
 */
export function useRemovePhoto(journalId: string, onRemoved: (imageId: string) => void) {
  const remove = useDeleteImage(journalId);
  const [confirming, setConfirming] = useState<JournalImage | null>(null);
  const [error, setError] = useState<string | null>(null);
  const removed = useRef(false);

  const ask = (photo: JournalImage) => {
    setError(null);
    setConfirming(photo);
  };
  const cancel = () => setConfirming(null);
  const confirm = () => {
    if (!confirming) return;
    setError(null);
    remove.mutate(confirming.id, {
      onSuccess: () => {
        removed.current = true;
        onRemoved(confirming.id);
        setConfirming(null);
      },
      onError: () => setError(REMOVE_PHOTO_FAILED),
    });
  };
  /** True once after the dialog closed on a removal. */
  const takeRemoved = () => {
    const was = removed.current;
    removed.current = false;
    return was;
  };

  return { confirming, error, pending: remove.isPending, ask, cancel, confirm, takeRemoved };
}
