import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyWithPrefetch, loadOnce, useLazyModule, usePrefetchWhenSettled } from './load-later';
import { SETTLED_QUIET_MS } from './schedule';

const Menu = () => <p>The menu</p>;

afterEach(() => {
  vi.useRealTimers();
});

/** A menu's button: it prefetches the menu once shown and the page has settled; a press opens it. */
function MenuButton({ menu, open }: { menu: ReturnType<typeof lazyWithPrefetch>; open: boolean }) {
  usePrefetchWhenSettled(menu.prefetch);
  return open ? (
    <Suspense fallback={<p>Loading</p>}>
      <menu.Component />
    </Suspense>
  ) : (
    <button type="button">Menu</button>
  );
}

describe('lazyWithPrefetch', () => {
  it("fetches a menu's code once its button shows and the page has settled, not before", async () => {
    vi.useFakeTimers();
    const load = vi.fn(() => Promise.resolve({ default: Menu }));
    const menu = lazyWithPrefetch(load);
    await vi.advanceTimersByTimeAsync(1000);
    expect(load).not.toHaveBeenCalled();

    const { rerender } = render(<MenuButton menu={menu} open={false} />);
    expect(load).not.toHaveBeenCalled();
    // The page has loaded (jsdom's document is complete) and fetches nothing: the fetch waits
    // SETTLED_QUIET_MS, then (without requestIdleCallback) a short pause.
    await vi.advanceTimersByTimeAsync(SETTLED_QUIET_MS - 100);
    expect(load).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(350);
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
    await vi.advanceTimersByTimeAsync(SETTLED_QUIET_MS + 250);
    expect(load).toHaveBeenCalledTimes(1);

    vi.useRealTimers();
    rerender(<MenuButton menu={menu} open />);
    expect(await screen.findByText('The menu')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('evaluates what the part needs first (the UI kit), and the part itself in a later task', async () => {
    let prepared!: () => void;
    const prepare = vi.fn(() => new Promise<void>((resolve) => (prepared = resolve)));
    const load = vi.fn(() => Promise.resolve({ default: Menu }));
    const menu = lazyWithPrefetch(load, prepare);
    const aTaskLater = () => new Promise((resolve) => setTimeout(resolve, 0));

    menu.prefetch();
    await aTaskLater();
    expect(prepare).toHaveBeenCalledTimes(1);
    expect(load).not.toHaveBeenCalled();

    prepared();
    // Not in the task that finished preparing: a phone would run both evaluations at once.
    await Promise.resolve();
    await Promise.resolve();
    expect(load).not.toHaveBeenCalled();
    await aTaskLater();
    expect(load).toHaveBeenCalledTimes(1);

    render(
      <Suspense fallback={<p>Loading</p>}>
        <menu.Component />
      </Suspense>,
    );
    expect(await screen.findByText('The menu')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });
});

describe('loadOnce', () => {
  it('loads once for every caller, and says whether a load has started without starting one', async () => {
    const load = vi.fn(() => Promise.resolve('the module'));
    const once = loadOnce(load);
    expect(once.started()).toBeUndefined();
    expect(load).not.toHaveBeenCalled();

    const [first, second] = await Promise.all([once(), once()]);
    expect([first, second]).toEqual(['the module', 'the module']);
    await expect(once.started()).resolves.toBe('the module');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('forgets a failed load, so the next call tries again (a chunk lost offline)', async () => {
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error('Failed to fetch dynamically imported module'))
      .mockResolvedValue('the module');
    const once = loadOnce(load);
    await expect(once()).rejects.toThrow('Failed to fetch');
    expect(once.started()).toBeUndefined();
    await expect(once()).resolves.toBe('the module');
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('useLazyModule', () => {
  const rules = vi.fn(() => Promise.resolve({ greeting: 'Rules here' }));

  function Screen() {
    return <p>{useLazyModule(rules)?.greeting ?? 'Drawn without them'}</p>;
  }

  it('asks for the module after the task that drew the screen, then shows it', async () => {
    vi.useFakeTimers();
    render(<Screen />);
    // The render and its effects are done: the module is not asked for in that task.
    screen.getByText('Drawn without them');
    expect(rules).not.toHaveBeenCalled();
    await act(async () => {
      await vi.runAllTimersAsync();
    });
    expect(rules).toHaveBeenCalledTimes(1);
    screen.getByText('Rules here');
  });
});
