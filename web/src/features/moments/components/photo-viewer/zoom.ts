// The viewer's zoom as plain arithmetic, so the gestures stay readable and testable. A view is
// `translate(x, y) scale(scale)` about the stage's centre; points are relative to that centre.

export interface View {
  scale: number;
  x: number;
  y: number;
}

export interface Point {
  x: number;
  y: number;
}

export const FIT: View = { scale: 1, x: 0, y: 0 };
export const MAX_SCALE = 4;
/** What a double tap zooms to. */
export const DOUBLE_TAP_SCALE = 2.5;

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max);

/** Keeps a zoomed photo covering the stage: no panning past its edges. */
export function clampView(view: View, stage: { width: number; height: number }): View {
  const scale = clamp(view.scale, 1, MAX_SCALE);
  if (scale === 1) return FIT;
  const maxX = ((scale - 1) * stage.width) / 2;
  const maxY = ((scale - 1) * stage.height) / 2;
  return { scale, x: clamp(view.x, -maxX, maxX), y: clamp(view.y, -maxY, maxY) };
}

/** The view at `scale` that keeps the photo's point now under `anchor` under it. */
export function zoomAround(view: View, scale: number, anchor: Point): View {
  const ratio = scale / view.scale;
  return {
    scale,
    x: anchor.x - (anchor.x - view.x) * ratio,
    y: anchor.y - (anchor.y - view.y) * ratio,
  };
}

export function distance(a: Point, b: Point): number {
  return Math.hypot(a.x - b.x, a.y - b.y);
}

export function midpoint(a: Point, b: Point): Point {
  return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
}
