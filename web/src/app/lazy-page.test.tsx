import { act, render, screen } from '@testing-library/react';
import { Component, Suspense, lazy, startTransition, useState, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { forgetFailedDownloads, page } from './lazy-page';

const Greeting = ({ name }: { name: string }) => <p>Hello {name}</p>;
const code = () => Promise.resolve({ default: Greeting });

function inSuspense(children: ReactNode) {
  return <Suspense fallback={<p>Loading...</p>}>{children}</Suspense>;
}

class Boundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <p>Failed</p> : this.props.children;
  }
}

describe('page()', () => {
  it('renders at once, with no loading screen, when its code is already here', async () => {
    const Page = page(code);
    await Page.preload({});
    render(inSuspense(<Page name="Ann" />));
    // In the first commit: nothing to wait for, not even a microtask.
    expect(screen.getByText('Hello Ann')).toBeTruthy();
    expect(screen.queryByText('Loading...')).toBeNull();
  });

  it('is unlike React.lazy, which shows its fallback first even then', async () => {
    const loading = code();
    await loading;
    const Lazy = lazy(() => loading);
    render(inSuspense(<Lazy name="Ann" />));
    expect(screen.getByText('Loading...')).toBeTruthy();
    await screen.findByText('Hello Ann');
  });

  it('waits for its code when it is not here, fetching it once', async () => {
    const load = vi.fn(code);
    const Page = page(load);
    await act(async () => {
      render(inSuspense(<Page name="Bo" />));
      await Promise.resolve();
    });
    await screen.findByText('Hello Bo');
    await Page.preload({});
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("preload starts the page's first answers with the address's parameters", async () => {
    const prefetch = vi.fn();
    const Page = page(code, prefetch);
    await Page.preload({ id: 'm1' });
    expect(prefetch).toHaveBeenCalledWith({ id: 'm1' });
  });

  it('shows a failed download to the error boundary, and downloads again once that is left', async () => {
    const load = vi
      .fn<() => Promise<{ default: typeof Greeting }>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockImplementation(code);
    const Page = page(load);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await Page.preload({}).catch(() => undefined);
    const first = render(<Boundary>{inSuspense(<Page name="Cy" />)}</Boundary>);
    expect(screen.getByText('Failed')).toBeTruthy();
    first.unmount();
    // Until the person leaves the error screen, the page fails the same way.
    render(<Boundary>{inSuspense(<Page name="Cy" />)}</Boundary>).unmount();
    expect(load).toHaveBeenCalledTimes(1);
    forgetFailedDownloads();
    await act(async () => {
      render(<Boundary>{inSuspense(<Page name="Cy" />)}</Boundary>);
      await Promise.resolve();
    });
    await screen.findByText('Hello Cy');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('shows its frame at once when a transition (a router navigation) leads to it before its code', async () => {
    let arrive: (module: { default: typeof Greeting }) => void = () => undefined;
    const load = () => new Promise<{ default: typeof Greeting }>((resolve) => (arrive = resolve));
    const Page = page(load, undefined, <h1>Frame</h1>);
    function App() {
      const [at, setAt] = useState<'before' | 'page'>('before');
      if (at === 'page') return inSuspense(<Page name="Di" />);
      return inSuspense(
        <button type="button" onClick={() => startTransition(() => setAt('page'))}>
          Previous page
        </button>,
      );
    }
    render(<App />);
    await act(async () => screen.getByRole('button', { name: 'Previous page' }).click());
    // A boundary already showing would have kept the previous page; the page's own shows its frame.
    expect(screen.getByRole('heading', { name: 'Frame' })).toBeTruthy();
    expect(screen.queryByText('Previous page')).toBeNull();
    expect(screen.queryByText('Loading...')).toBeNull();
    await act(async () => arrive({ default: Greeting }));
    await screen.findByText('Hello Di');
    expect(screen.queryByRole('heading', { name: 'Frame' })).toBeNull();
  });
});
