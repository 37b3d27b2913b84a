import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyWithPrefetch, usePrefetchWhenIdle } from './lazy-with-prefetch';

const Menu = () => <p>The menu</p>;

afterEach(() => {
  vi.useRealTimers();
});

/** A menu's button: it prefetches the menu once shown, and the page is idle; a press opens it. */
function MenuButton({ menu, open }: { menu: ReturnType<typeof lazyWithPrefetch>; open: boolean }) {
  usePrefetchWhenIdle(menu.prefetch);
  return open ? (
    <Suspense fallback={<p>Loading</p>}>
      <menu.Component />
    </Suspense>
  ) : (
    <button type="button">Menu</button>
  );
}

describe('lazyWithPrefetch', () => {
  it("fetches a menu's code once its button shows and the page is idle, not before", async () => {
    vi.useFakeTimers();
    const load = vi.fn(() => Promise.resolve({ default: Menu }));
    const menu = lazyWithPrefetch(load);
    await vi.advanceTimersByTimeAsync(1000);
    expect(load).not.toHaveBeenCalled();

    const { rerender } = render(<MenuButton menu={menu} open={false} />);
    expect(load).not.toHaveBeenCalled();
    // The page has loaded (jsdom's document is complete); without requestIdleCallback, the
    // fetch waits for a short pause.
    await vi.advanceTimersByTimeAsync(250);
    expect(load).toHaveBeenCalledTimes(1);

    vi.useRealTimers();
    rerender(<MenuButton menu={menu} open />);
    expect(await screen.findByText('The menu')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('asks again at the first use when the early fetch failed (offline)', async () => {
    vi.useFakeTimers();
    const load = vi
      .fn<() => Promise<{ default: typeof Menu }>>()
      .mockRejectedValueOnce(new Error('Failed to fetch dynamically imported module'))
      .mockResolvedValue({ default: Menu });
    const menu = lazyWithPrefetch(load);
    const { rerender } = render(<MenuButton menu={menu} open={false} />);
    await vi.advanceTimersByTimeAsync(250);
    expect(load).toHaveBeenCalledTimes(1);

    vi.useRealTimers();
    rerender(<MenuButton menu={menu} open />);
    expect(await screen.findByText('The menu')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
