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
