import { describe, expect, it } from 'vitest';
import { FIT, clampView, zoomAround } from './zoom';

const stage = { width: 400, height: 800 };

describe('zoomAround', () => {
  it('keeps the point under the finger in place', () => {
    const anchor = { x: 100, y: -50 };
    const view = zoomAround(FIT, 2, anchor);
    // The photo point that was at the anchor: (anchor - translate) / scale.
    expect((anchor.x - view.x) / view.scale).toBeCloseTo(anchor.x);
    expect((anchor.y - view.y) / view.scale).toBeCloseTo(anchor.y);
  });
});

describe('clampView', () => {
  it('never zooms out past fitting the screen, nor in past 4x', () => {
    expect(clampView({ scale: 0.5, x: 30, y: 30 }, stage)).toEqual(FIT);
    expect(clampView({ scale: 9, x: 0, y: 0 }, stage).scale).toBe(4);
  });

  it('stops panning at the photo edges', () => {
    expect(clampView({ scale: 2, x: 1000, y: -1000 }, stage)).toEqual({
      scale: 2,
      x: 200,
      y: -400,
    });
  });
});
