import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useRevealedCount, useRevealedNearScreen } from './use-revealed-count';

describe('useRevealedCount', () => {
  it('renders the first batch first, then grows in steps to the whole list', async () => {
    const seen: number[] = [];
    const { result } = renderHook(() => {
      const count = useRevealedCount(50, 6, 8);
      seen.push(count);
      return count;
    });
    await waitFor(() => expect(result.current).toBe(50));
    const distinct = [...new Set(seen)];
    expect(distinct).toEqual([6, 14, 22, 30, 38, 46, 50]);
  });

  it('never counts past a short list', () => {
    const { result } = renderHook(() => useRevealedCount(3, 6));
    expect(result.current).toBe(3);
  });
});

/** An IntersectionObserver whose one question, "is the list's end near?", the test answers. */
class FakeObserver {
  static near = false;
  static all = new Set<FakeObserver>();
  constructor(private readonly report: IntersectionObserverCallback) {}
  observe() {
    FakeObserver.all.add(this);
    // Like the browser, a first report of the current state.
    queueMicrotask(() => this.tell());
  }
  disconnect() {
    FakeObserver.all.delete(this);
  }
  tell() {
    if (!FakeObserver.all.has(this)) return;
    const entry = { isIntersecting: FakeObserver.near } as IntersectionObserverEntry;
    this.report([entry], this as unknown as IntersectionObserver);
  }
  static scroll(near: boolean) {
    FakeObserver.near = near;
    for (const observer of FakeObserver.all) observer.tell();
  }
}

describe('useRevealedNearScreen', () => {
  beforeEach(() => {
    FakeObserver.near = false;
    FakeObserver.all.clear();
    vi.stubGlobal('IntersectionObserver', FakeObserver);
  });
  afterEach(() => vi.unstubAllGlobals());

  function List({ total }: { total: number }) {
    const [shown, end] = useRevealedNearScreen(total, 6, 8);
    return (
      <>
        <ul>
          {Array.from({ length: shown }, (_, i) => (
            <li key={i}>card {i}</li>
          ))}
        </ul>
        {shown < total && <div ref={end} />}
      </>
    );
  }

  it('renders the first screen only, and more batches as the end of the list nears', async () => {
    render(<List total={50} />);
    const cards = () => screen.queryAllByRole('listitem').length;
    expect(cards()).toBe(6);
    // Far from the end: nothing more renders, however long we wait.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(cards()).toBe(6);

    act(() => FakeObserver.scroll(true));
    // While the end stays near, batch after batch follows, to the whole list.
    await waitFor(() => expect(cards()).toBe(50));
  });

  it('stops at the batch that moved the end away', async () => {
    render(<List total={50} />);
    // Near once; after that batch the end is a screen away again.
    act(() => {
      FakeObserver.scroll(true);
      FakeObserver.near = false;
    });
    await waitFor(() => expect(screen.queryAllByRole('listitem')).toHaveLength(14));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryAllByRole('listitem')).toHaveLength(14);
  });
});
