// Real touch input for Chromium through the DevTools protocol: the page sees touch and pointer
// events exactly as from a finger (playwright's touchscreen only taps).
import type { CDPSession, Page } from 'playwright-core';

interface Point {
  x: number;
  y: number;
}

const sessions = new WeakMap<Page, Promise<CDPSession>>();

function session(page: Page): Promise<CDPSession> {
  let cdp = sessions.get(page);
  if (!cdp) {
    cdp = page.context().newCDPSession(page);
    sessions.set(page, cdp);
  }
  return cdp;
}

type Fingers = Point[];

async function send(
  page: Page,
  type: 'touchStart' | 'touchMove' | 'touchEnd',
  fingers: Fingers,
  /** When the event happened (seconds since the epoch), as the page's `event.timeStamp` sees it. */
  timestamp?: number,
) {
  const cdp = await session(page);
  await cdp.send('Input.dispatchTouchEvent', {
    type,
    touchPoints: fingers.map((p, id) => ({ x: p.x, y: p.y, id })),
    ...(timestamp === undefined ? {} : { timestamp }),
  });
}

const between = (a: Point, b: Point, t: number): Point => ({
  x: a.x + (b.x - a.x) * t,
  y: a.y + (b.y - a.y) * t,
});

/** Fingers put down at `from`, moved in `steps` to `to`, lifted. */
export async function touchGesture(page: Page, from: Fingers, to: Fingers, steps = 8) {
  await send(page, 'touchStart', from);
  for (let i = 1; i <= steps; i++) {
    await send(
      page,
      'touchMove',
      from.map((start, f) => between(start, to[f] ?? start, i / steps)),
    );
  }
  await send(page, 'touchEnd', []);
}

/** One finger dragged from `from` to `to`. */
export function swipe(page: Page, from: Point, to: Point) {
  return touchGesture(page, [from], [to]);
}

/** Two fingers about `centre`, from `fromGap` px apart to `toGap`. */
export function pinch(page: Page, centre: Point, fromGap: number, toGap: number) {
  const pair = (gap: number) => [
    { x: centre.x - gap / 2, y: centre.y },
    { x: centre.x + gap / 2, y: centre.y },
  ];
  return touchGesture(page, pair(fromGap), pair(toGap));
}

/**
 * Two quick taps at the same place, 150 ms apart by the events' own clock: however slowly a
 * busy machine delivers them, the page sees a double tap.
 */
export async function doubleTap(page: Page, at: Point) {
  const start = Date.now() / 1000;
  for (const offset of [0, 0.15]) {
    await send(page, 'touchStart', [at], start + offset);
    await send(page, 'touchEnd', [], start + offset + 0.05);
  }
}
