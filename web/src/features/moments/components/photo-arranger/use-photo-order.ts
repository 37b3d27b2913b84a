import { useEffect, useRef, useState } from 'react';
import type { JournalImage } from '@moments/shared';
import { moveItem } from '../../utils/move-item';

/**
 * Moving photos in the list: to a position (drag) or one step (Move up / Move down), with a
 * spoken announcement, and focus kept on the Move button that was pressed, which React may
 * have re-created elsewhere. `buttonId(id, direction)` names those buttons.
 */
export function usePhotoOrder(
  photos: JournalImage[],
  onReorder: (reorder: (photos: JournalImage[]) => JournalImage[]) => void,
  buttonId: (photoId: string, direction: 'up' | 'down') => string,
) {
  const [announcement, setAnnouncement] = useState('');
  const focusAfterMove = useRef<{ id: string; direction: 'up' | 'down' } | null>(null);
  const count = photos.length;

  useEffect(() => {
    const target = focusAfterMove.current;
    if (!target) return;
    focusAfterMove.current = null;
    const other = target.direction === 'up' ? 'down' : 'up';
    const button = document.getElementById(buttonId(target.id, target.direction));
    const fallback = document.getElementById(buttonId(target.id, other));
    const usable = button instanceof HTMLButtonElement && !button.disabled;
    (usable ? button : fallback)?.focus();
  }, [photos, buttonId]);

  const moveTo = (id: string, to: number) => {
    if (to < 0 || to >= count) return;
    onReorder((list) => {
      const from = list.findIndex((p) => p.id === id);
      return from < 0 || from === to ? list : moveItem(list, from, to);
    });
    if (photos[to]?.id !== id) setAnnouncement(`Photo moved to position ${to + 1} of ${count}.`);
  };

  const moveBy = (id: string, index: number, step: -1 | 1) => {
    focusAfterMove.current = { id, direction: step < 0 ? 'up' : 'down' };
    moveTo(id, index + step);
  };

  return { announcement, setAnnouncement, moveTo, moveBy };
}
