// Touch, pen and mouse on the viewer's stage, through pointer events: swipe sideways between
// photos, swipe down to close, pinch and double-tap to zoom, drag to pan a zoomed photo.
import { useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import {
  DOUBLE_TAP_SCALE,
  FIT,
  clampView,
  distance,
  midpoint,
  zoomAround,
  type Point,
  type View,
} from './zoom';

/** A sideways swipe longer than this changes photo. */
const SWIPE_PX = 60;
/** A downward swipe longer than this closes the viewer. */
const CLOSE_SWIPE_PX = 100;
/** Two taps closer than this in time and space are a double tap. */
const DOUBLE_TAP_MS = 300;
const TAP_SLOP_PX = 10;

interface Handlers {
  onPrevious: () => void;
  onNext: () => void;
  onClose: () => void;
}

interface Gesture {
  start: Point;
  startView: View;
  startedAt: number;
  pinch?: { distance: number; centre: Point; view: View };
  moved: boolean;
}

export function useViewerGestures({ onPrevious, onNext, onClose }: Handlers) {
  const [view, setView] = useState<View>(FIT);
  /** Where an unzoomed photo is being dragged (a swipe in progress). */
  const [drag, setDrag] = useState<Point>({ x: 0, y: 0 });
  const pointers = useRef(new Map<number, Point>());
  const gesture = useRef<Gesture | null>(null);
  const lastTap = useRef<{ at: number; point: Point } | null>(null);

  /** A pointer's position relative to the stage's centre. */
  const local = (event: ReactPointerEvent<HTMLElement>): Point => {
    const rect = event.currentTarget.getBoundingClientRect();
    return {
      x: event.clientX - rect.left - rect.width / 2,
      y: event.clientY - rect.top - rect.height / 2,
    };
  };
  const stageOf = (event: ReactPointerEvent<HTMLElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    return { width: rect.width, height: rect.height };
  };

  const onPointerDown = (event: ReactPointerEvent<HTMLElement>) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    pointers.current.set(event.pointerId, local(event));
    const points = [...pointers.current.values()];
    if (points.length === 1) {
      gesture.current = {
        start: points[0]!,
        startView: view,
        startedAt: event.timeStamp,
        moved: false,
      };
    } else if (points.length === 2 && gesture.current) {
      const [a, b] = points as [Point, Point];
      gesture.current.pinch = { distance: distance(a, b), centre: midpoint(a, b), view };
      gesture.current.moved = true;
      setDrag({ x: 0, y: 0 });
    }
  };

  const onPointerMove = (event: ReactPointerEvent<HTMLElement>) => {
    if (!pointers.current.has(event.pointerId) || !gesture.current) return;
    pointers.current.set(event.pointerId, local(event));
    const g = gesture.current;
    const points = [...pointers.current.values()];
    if (g.pinch && points.length >= 2) {
      const [a, b] = points as [Point, Point];
      const centre = midpoint(a, b);
      const scale = (g.pinch.view.scale * distance(a, b)) / Math.max(g.pinch.distance, 1);
      const zoomed = zoomAround(g.pinch.view, scale, g.pinch.centre);
      setView(
        clampView(
          {
            ...zoomed,
            x: zoomed.x + centre.x - g.pinch.centre.x,
            y: zoomed.y + centre.y - g.pinch.centre.y,
          },
          stageOf(event),
        ),
      );
      return;
    }
    const point = points[0]!;
    const dx = point.x - g.start.x;
    const dy = point.y - g.start.y;
    if (Math.hypot(dx, dy) > TAP_SLOP_PX) g.moved = true;
    if (g.startView.scale > 1) {
      setView(
        clampView({ ...g.startView, x: g.startView.x + dx, y: g.startView.y + dy }, stageOf(event)),
      );
    } else {
      // Follow the finger along the gesture's main direction only.
      setDrag(Math.abs(dx) >= Math.abs(dy) ? { x: dx, y: 0 } : { x: 0, y: Math.max(dy, 0) });
    }
  };

  const onPointerUp = (event: ReactPointerEvent<HTMLElement>) => {
    if (!pointers.current.has(event.pointerId)) return;
    const end = local(event);
    pointers.current.delete(event.pointerId);
    const g = gesture.current;
    if (!g) return;
    if (pointers.current.size > 0) {
      // One finger of a pinch lifted: carry on as a pan from here.
      if (g.pinch) {
        gesture.current = {
          start: [...pointers.current.values()][0]!,
          startView: view,
          startedAt: event.timeStamp,
          moved: true,
        };
      }
      return;
    }
    gesture.current = null;
    setDrag({ x: 0, y: 0 });
    if (g.pinch) return;
    const dx = end.x - g.start.x;
    const dy = end.y - g.start.y;

    if (!g.moved) {
      const previous = lastTap.current;
      if (
        previous &&
        event.timeStamp - previous.at < DOUBLE_TAP_MS &&
        distance(previous.point, end) < TAP_SLOP_PX * 3
      ) {
        lastTap.current = null;
        setView(
          view.scale > 1 ? FIT : clampView(zoomAround(FIT, DOUBLE_TAP_SCALE, end), stageOf(event)),
        );
      } else {
        lastTap.current = { at: event.timeStamp, point: end };
      }
      return;
    }
    if (g.startView.scale > 1) return;
    if (Math.abs(dx) > SWIPE_PX && Math.abs(dx) > Math.abs(dy)) {
      if (dx < 0) onNext();
      else onPrevious();
    } else if (dy > CLOSE_SWIPE_PX && dy > Math.abs(dx)) {
      onClose();
    }
  };

  const onPointerCancel = (event: ReactPointerEvent<HTMLElement>) => {
    pointers.current.delete(event.pointerId);
    if (pointers.current.size === 0) {
      gesture.current = null;
      setDrag({ x: 0, y: 0 });
    }
  };

  return {
    view,
    drag,
    /** Back to the whole photo (a new photo shown, or the Fit button). */
    reset: () => setView(FIT),
    zoomBy: (factor: number, stage: { width: number; height: number }) =>
      setView((current) =>
        clampView(zoomAround(current, current.scale * factor, { x: 0, y: 0 }), stage),
      ),
    handlers: { onPointerDown, onPointerMove, onPointerUp, onPointerCancel },
  };
}
