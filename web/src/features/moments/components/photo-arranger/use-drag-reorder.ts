import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';

/** Room around a pointer at the top or bottom of the screen that scrolls while dragging. */
const EDGE_SCROLL_PX = 48;

/**
 * Drag to reorder with pointer events (mouse, touch and pen alike). The row follows the
 * pointer: it takes the place of the rows whose middle the pointer has passed. Listeners sit on
 * the window, added as the drag starts, because React moves the dragged row's element, which
 * would end a pointer capture. Rows are the list's children, each with `data-photo-id`.
 */
export function useDragReorder(onMove: (id: string, to: number) => void) {
  const listRef = useRef<HTMLUListElement>(null);
  const [draggingId, setDraggingId] = useState<string | null>(null);
  const onMoveRef = useRef(onMove);
  const stopRef = useRef<(() => void) | null>(null);
  useEffect(() => {
    onMoveRef.current = onMove;
  }, [onMove]);
  useEffect(() => () => stopRef.current?.(), []);

  const startDrag = (id: string, event: ReactPointerEvent) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    event.preventDefault(); // no text selection or native image drag
    stopRef.current?.();
    const move = (e: PointerEvent) => {
      const rows = Array.from(listRef.current?.children ?? []) as HTMLElement[];
      const to = rows.filter((row) => {
        if (row.dataset.photoId === id) return false;
        const rect = row.getBoundingClientRect();
        return rect.top + rect.height / 2 < e.clientY;
      }).length;
      onMoveRef.current(id, to);
      if (e.clientY < EDGE_SCROLL_PX) window.scrollBy(0, -16);
      else if (e.clientY > window.innerHeight - EDGE_SCROLL_PX) window.scrollBy(0, 16);
    };
    const stop = () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', stop);
      window.removeEventListener('pointercancel', stop);
      stopRef.current = null;
      setDraggingId(null);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', stop);
    window.addEventListener('pointercancel', stop);
    stopRef.current = stop;
    setDraggingId(id);
  };

  return { listRef, draggingId, startDrag };
}
