// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { Profiler, useSyncExternalStore } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { RootLayout } from './root-layout';

/** The session check, answered when the test says. */
const session = vi.hoisted(() => ({
  pending: true,
  listeners: new Set<() => void>(),
  answer() {
    this.pending = false;
    for (const listener of this.listeners) listener();
  },
}));

vi.mock('../features/auth/api/get-user', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../features/auth/api/get-user')>()),
  // Like TanStack Query's, an update through useSyncExternalStore: synchronous for React.
  useUser: () => {
    const pending = useSyncExternalStore(
      (listener) => {
        session.listeners.add(listener);
        return () => session.listeners.delete(listener);
      },
      () => session.pending,
    );
    return { isPending: pending, data: pending ? undefined : null, error: null };
  },
}));
vi.mock('./analytics-tracker', () => ({ default: () => null }));

describe('the root layout', () => {
  it('renders the page the session check lets through in the background, not in the task of its answer', async () => {
    const router = createMemoryRouter(
      [{ element: <RootLayout />, children: [{ path: '/home', element: <p>The page</p> }] }],
      { initialEntries: ['/home'] },
    );
    // What each commit put on the screen.
    const commits: string[] = [];
    render(
      <QueryClientProvider client={new QueryClient()}>
        <Profiler
          id="app"
          onRender={() => {
            commits.push(document.body.textContent?.includes('The page') ? 'page' : 'loading');
          }}
        >
          <RouterProvider router={router} />
        </Profiler>
      </QueryClientProvider>,
    );
    expect(screen.getByText('Loading...')).toBeTruthy();

    commits.length = 0;
    await act(async () => session.answer());
    // The answer's own (synchronous) render keeps the loading screen; the page follows in a
    // render that yields to the browser.
    expect(commits[0]).toBe('loading');
    expect(commits).toContain('page');
    expect(screen.getByText('The page')).toBeTruthy();
  });
});
