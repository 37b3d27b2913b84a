// Loaded by the root layout on its own chunk, with the analytics runtime: nothing of it is in the
// pages' bundles. Starts analytics, tells them the session and each page, then hands them the
// calls that track() queued until now.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import type { CurrentUser } from '@moments/shared';
import { userQueryKey, useUser } from '../features/auth/api/get-user';
import { connectAnalytics } from '../lib/analytics';
import * as analytics from '../lib/analytics/runtime';

export default function AnalyticsTracker() {
  const queryClient = useQueryClient();
  const { data: user, isPending } = useUser();
  const { pathname, search } = useLocation();

  // Effects run in this order. The calls made before the tracker loaded go first, as they were
  // made first: a logout among them must reset the identity before this page's view is sent.
  // (Events that waited are still dropped if the session turns out to refuse sharing.)
  useEffect(() => analytics.start(), []);

  useEffect(() => connectAnalytics(analytics), []);

  useEffect(() => {
    // The session as the cache holds it now, not as this render saw it: a logout can land
    // between the two (as the tracker's chunk arrives), and the person it signed out must not
    // be identified again after its reset.
    if (!isPending)
      analytics.setUser(queryClient.getQueryData<CurrentUser | null>(userQueryKey) ?? null);
  }, [isPending, user, queryClient]);

  useEffect(() => analytics.pageView({ pathname, search }), [pathname, search]);

  return null;
}
