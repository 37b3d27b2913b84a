import { lazy, Suspense, useDeferredValue, useLayoutEffect } from 'react';
import { Outlet, useLocation, useSearchParams } from 'react-router-dom';
import { FullScreenLoader } from '../components/layouts/full-screen-loader';
import { Wallpaper } from '../components/layouts/wallpaper';
import { Toaster } from '../components/ui/toast';
import { UpdateNotice } from '../features/app-update/components/update-notice';
import { useUser } from '../features/auth/api/get-user';
import { appleFlowForPath, isAppleLandingPath } from '../features/auth/utils/apple';
import { lastKnownUser } from '../features/auth/utils/last-user';
import { OfflineIndicator } from '../features/offline/components/offline-indicator';
import { OfflineSync } from '../features/offline/components/offline-sync';
import { MomentsOfflineSync } from '../features/moments/components/moments-offline-sync';
import { dismissPagePreviewUnlessOf } from '../features/moments/utils/preview-layer';
import { InviteFlagWatchdog } from '../features/sharing/components/invite-flag-watchdog';
import { isInviteUrl } from '../features/sharing/utils/invite-url';

const AppleSignInHandler = lazy(() =>
  import('../features/auth/components/apple-sign-in-handler').then((module) => ({
    default: module.AppleSignInHandler,
  })),
);

// Analytics come after the first render, apart from the page's code; the app works without them.
const AnalyticsTracker = lazy(() =>
  import('./analytics-tracker').catch((error: unknown) => {
    console.warn('Analytics are off: they could not load.', error);
    return { default: () => null };
  }),
);

const PROCESSING_SIGN_IN = 'Processing your sign-in...';

/**
 * The sign-in page without an invite to follow, on a device where nobody is signed in (no last
 * person remembered): almost surely a signed-out visit, so the page shows at once instead of
 * after the session check's round trip. Should the check find a session after all, the page
 * moves on to /home, as it does for anyone signed in.
 */
function isLikelySignedOutSignIn(pathname: string, params: URLSearchParams): boolean {
  return (pathname === '/' || pathname === '/auth') && !isInviteUrl(params) && !lastKnownUser();
}

/** Every route renders inside this: session loader, wallpaper, toasts. */
export function RootLayout() {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  // Only the Apple flow's landing pages take up a code (elsewhere the parameter is ignored).
  const appleCode = isAppleLandingPath(pathname) ? params.get('apple_code') : null;
  // The screen the session's answer lets through (a whole page, after the loading screen) renders
  // in the background, in slices, rather than in the task that brought the answer: an update
  // through TanStack Query renders at once and in one piece.
  const isPending = useDeferredValue(useUser().isPending);
  // A page's preview (drawn before the app's code ran) stays only while that page loads:
  // elsewhere (signed out, say) it goes.
  useLayoutEffect(() => dismissPagePreviewUnlessOf(pathname), [pathname]);

  let content;
  if (isPending && (appleCode || !isLikelySignedOutSignIn(pathname, params))) {
    content = <FullScreenLoader label={appleCode ? PROCESSING_SIGN_IN : 'Loading...'} />;
  } else if (appleCode) {
    content = (
      <Suspense fallback={<FullScreenLoader label={PROCESSING_SIGN_IN} />}>
        <AppleSignInHandler
          code={appleCode}
          state={params.get('apple_state')}
          flow={appleFlowForPath(pathname)}
        />
      </Suspense>
    );
  } else {
    content = (
      <>
        <Wallpaper />
        <Suspense fallback={<FullScreenLoader label="Loading..." />}>
          <Outlet />
        </Suspense>
      </>
    );
  }

  return (
    <>
      {content}
      <Toaster />
      <UpdateNotice />
      <InviteFlagWatchdog />
      <Suspense fallback={null}>
        <AnalyticsTracker />
      </Suspense>
      <OfflineSync />
      <MomentsOfflineSync />
      <OfflineIndicator />
    </>
  );
}
