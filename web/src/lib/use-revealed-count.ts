import { startTransition, useEffect, useState } from 'react';

/**
 * How many items of a long list to render: the first screen's `first` at once, then `step`
 * more per render, each as a transition after the previous batch has painted. React renders
 * transitions in small slices, so the first screen shows sooner and a phone's main thread is
 * never held for the whole list.
 */
export function useRevealedCount(total: number, first: number, step = first): number {
  const [count, setCount] = useState(first);
  useEffect(() => {
    if (count >= total) return;
    startTransition(() => setCount((shown) => Math.min(total, shown + step)));
  }, [count, total, step]);
  return Math.min(count, total);
}

/** How far below the screen the end of a list may be before its next batch renders. */
export const REVEAL_MARGIN = '0px 0px 100% 0px';

/**
 * Like useRevealedCount, but a batch after the first renders only once the list's end is
 * within a screen's height below the screen: a long list costs nothing for what is far down
 * until the person scrolls (or moves focus) towards it. Returns the count and the ref for an
 * element placed right after the list. Without IntersectionObserver, as useRevealedCount.
 */
export function useRevealedNearScreen(
  total: number,
  first: number,
  step = first,
): [number, (end: Element | null) => void] {
  const [count, setCount] = useState(first);
  const [end, setEnd] = useState<Element | null>(null);
  useEffect(() => {
    if (count >= total) return;
    const revealMore = () =>
      startTransition(() => setCount((shown) => Math.min(total, shown + step)));
    if (typeof IntersectionObserver === 'undefined') {
      revealMore();
      return;
    }
    if (!end) return;
    // A new observer after each batch: its first report says whether the end is still near.
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        revealMore();
      },
      { rootMargin: REVEAL_MARGIN },
    );
    observer.observe(end);
    return () => observer.disconnect();
  }, [count, total, step, end]);
  return [Math.min(count, total), setEnd];
}
