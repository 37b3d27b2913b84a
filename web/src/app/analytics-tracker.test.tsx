// @vitest-environment jsdom
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetAnalytics, track } from '../lib/analytics';
import AnalyticsTracker from './analytics-tracker';

/** What the tracker tells the analytics runtime, in order. */
const told = vi.hoisted(() => [] as string[]);

vi.mock('../lib/analytics/runtime', () => ({
  start: () => void told.push('start'),
  setUser: (user: unknown) => void told.push(`setUser ${user === null ? 'nobody' : 'someone'}`),
  pageView: ({ pathname }: { pathname: string }) => void told.push(`pageView ${pathname}`),
  track: (event: string) => void told.push(`track ${event}`),
  reset: () => void told.push('reset'),
}));

vi.mock('../features/auth/api/get-user', () => ({
  useUser: () => ({ data: null, isPending: false }),
}));

describe('the analytics tracker', () => {
  beforeEach(() => {
    told.length = 0;
    localStorage.clear();
  });

  it('applies a logout made before it loaded before the page view that follows it', () => {
    // A fast logout: the sign-in page shows before the tracker's code has arrived.
    track('sign_in_code_requested');
    resetAnalytics();
    render(
      <MemoryRouter initialEntries={['/auth']}>
        <AnalyticsTracker />
      </MemoryRouter>,
    );
    // The page view after the logout belongs to the new anonymous identity.
    expect(told).toEqual([
      'start',
      'track sign_in_code_requested',
      'reset',
      'setUser nobody',
      'pageView /auth',
    ]);
  });
});
