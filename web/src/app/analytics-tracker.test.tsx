// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { useLayoutEffect, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { userQueryKey } from '../features/auth/api/get-user';

/** What the tracker tells the analytics runtime, in order. */
const told = vi.hoisted(() => [] as string[]);

vi.mock('../lib/analytics/runtime', () => ({
  start: () => void told.push('start'),
  setUser: (user: unknown) => void told.push(`setUser ${user === null ? 'nobody' : 'someone'}`),
  pageView: ({ pathname }: { pathname: string }) => void told.push(`pageView ${pathname}`),
  track: (event: string) => void told.push(`track ${event}`),
  reset: () => void told.push('reset'),
}));

const someone = { id: 'u1', firstName: 'Ines', shareUsageData: true };

/** A session already known to the cache (so nothing is fetched), at `path`. */
function withSession(client: QueryClient, path: string, children: ReactNode) {
  return (
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>
    </QueryClientProvider>
  );
}

describe('the analytics tracker', () => {
  let client: QueryClient;
  // Each test starts with the page's analytics not yet connected, as a page load does.
  let AnalyticsTracker: typeof import('./analytics-tracker').default;
  let resetAnalytics: typeof import('../lib/analytics').resetAnalytics;
  let track: typeof import('../lib/analytics').track;
  beforeEach(async () => {
    told.length = 0;
    localStorage.clear();
    client = new QueryClient();
    vi.resetModules();
    ({ default: AnalyticsTracker } = await import('./analytics-tracker'));
    ({ resetAnalytics, track } = await import('../lib/analytics'));
  });

  it('applies a logout made before it loaded before the page view that follows it', () => {
    // A fast logout: the sign-in page shows before the tracker's code has arrived.
    track('sign_in_code_requested');
    resetAnalytics();
    client.setQueryData(userQueryKey, null);
    render(withSession(client, '/auth', <AnalyticsTracker />));
    // The page view after the logout belongs to the new anonymous identity.
    expect(told).toEqual([
      'start',
      'track sign_in_code_requested',
      'reset',
      'setUser nobody',
      'pageView /auth',
    ]);
  });

  it('does not identify again the person a logout signed out between its render and its effects', () => {
    client.setQueryData(userQueryKey, someone);
    // Logout's success runs after the tracker has rendered with the person, before its effects.
    function LogoutLandsNow() {
      useLayoutEffect(() => {
        resetAnalytics();
        client.clear();
        client.setQueryData(userQueryKey, null);
      }, []);
      return null;
    }
    render(
      withSession(
        client,
        '/profile',
        <>
          <AnalyticsTracker />
          <LogoutLandsNow />
        </>,
      ),
    );
    expect(told.slice(0, 4)).toEqual(['start', 'reset', 'setUser nobody', 'pageView /profile']);
    expect(told).not.toContain('setUser someone');
  });
});
