import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useUser } from '../features/auth/api/get-user';
import { setAnalyticsUser, startAnalytics, trackPageView } from '../lib/analytics';

/** Starts analytics after the first render, and tells them the session and each page. */
export function AnalyticsTracker() {
  const { data: user, isPending } = useUser();
  const { pathname, search } = useLocation();

  useEffect(() => startAnalytics(), []);

  useEffect(() => {
    if (!isPending) setAnalyticsUser(user ?? null);
  }, [isPending, user]);

  useEffect(() => trackPageView({ pathname, search }), [pathname, search]);

  return null;
}
