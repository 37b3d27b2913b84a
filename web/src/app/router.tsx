import type { ReactElement } from 'react';
import { createBrowserRouter, matchRoutes, type Params, type RouteObject } from 'react-router-dom';
import { getAppleConfigQueryOptions } from '../features/auth/api/get-apple-config';
import { getUserQueryOptions } from '../features/auth/api/get-user';
import {
  commentsAnswer,
  fetchEarly,
  journalAnswer,
  journalsAnswer,
  type ApiFirstAnswer,
} from '../features/moments/api/first-answers';
import { warmLiveData } from '../lib/live-worker-client';
import { isSynced } from '../lib/synced-queries';
import { captureInstallPrompt } from '../features/onboarding/utils/install-prompt';
import { PageFrame } from '../components/layouts/page-frame';
import { withUiKitTheme } from '../components/ui/with-ui-kit-theme';
import { queryClient } from '../lib/query-client';
import { page } from './lazy-page';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';

// Every page is its own chunk: the sign-in screen downloads only what it shows. Pages drawn with
// the UI kit (MUI) bring its theme with their code (withUiKitTheme); the four first screens do not.
const AuthPage = page(
  () => import('./routes/auth'),
  () => queryClient.prefetchQuery(getAppleConfigQueryOptions()),
);
const SignupPhonePage = page(withUiKitTheme(() => import('./routes/signup/phone')));
const SignupVerifyPage = page(withUiKitTheme(() => import('./routes/signup/verify')));
const SignupNamePage = page(withUiKitTheme(() => import('./routes/signup/name')));
const SignupPhotoPage = page(withUiKitTheme(() => import('./routes/signup/photo')));
const AddToHomePage = page(withUiKitTheme(() => import('./routes/signup/add-to-home')));
const SignupSuccessPage = page(withUiKitTheme(() => import('./routes/signup/success')));
const AdminLoginPage = page(withUiKitTheme(() => import('./routes/admin/login')));
const InvitePreviewPage = page(withUiKitTheme(() => import('./routes/invite/preview')));
const InviteSuccessPage = page(withUiKitTheme(() => import('./routes/invite/success')));
const AppleCallbackPage = page(withUiKitTheme(() => import('./routes/apple-callback')));
const OnboardingWelcomePage = page(withUiKitTheme(() => import('./routes/onboarding/welcome')));
const OnboardingScreen2Page = page(withUiKitTheme(() => import('./routes/onboarding/screen-2')));
const OnboardingVerifyPage = page(withUiKitTheme(() => import('./routes/onboarding/verify')));
const OnboardingScreen3Page = page(withUiKitTheme(() => import('./routes/onboarding/screen-3')));
const OnboardingScreen4Page = page(withUiKitTheme(() => import('./routes/onboarding/screen-4')));
const OnboardingScreen5Page = page(withUiKitTheme(() => import('./routes/onboarding/screen-5')));
const OnboardingScreen6Page = page(withUiKitTheme(() => import('./routes/onboarding/screen-6')));
const OnboardingScreen7Page = page(withUiKitTheme(() => import('./routes/onboarding/screen-7')));
const ProtectedLayout = page(() => import('./routes/protected-layout'));
// The moment pages' first answers come from the API, asked for beside their code.
// So is their first photo, the page's largest paint (a small chunk of its own beside theirs).
// Served as home.html and moment.html, the pages have started all three before this code ran
// (src/start/first-calls.ts): the client then takes those calls up, and the photo is not asked twice.
const loadFirstPhoto = () => import('../features/moments/utils/first-photo');
/**
 * A page whose first answers are in the device's Firestore cache (a repeat visit) takes them from
 * the live-data worker: it starts now, beside the session's check, which the page's queries wait
 * for.
 */
const warmWhenCached = (...answers: ApiFirstAnswer[]) => {
  if (answers.every((answer) => isSynced(answer.queries))) warmLiveData();
};
const HomePage = page(
  () => import('./routes/home'),
  () => {
    fetchEarly(journalsAnswer);
    warmWhenCached(journalsAnswer);
    void loadFirstPhoto().then((photo) => photo.preloadFirstCover());
  },
);
const ProfilePage = page(withUiKitTheme(() => import('./routes/profile')));
const MomentDetailPage = page(
  () => import('./routes/moments/detail'),
  ({ id = '' }) => {
    fetchEarly(journalAnswer(id));
    fetchEarly(commentsAnswer(id));
    warmWhenCached(journalAnswer(id), commentsAnswer(id));
    void loadFirstPhoto().then((photo) => photo.preloadFirstPhoto(id));
  },
);
// Its frame shows at the press on /home's New Moment while its code (and the UI kit) arrives.
const NewMomentPage = page(
  withUiKitTheme(() => import('./routes/moments/new')),
  undefined,
  <PageFrame title="New Moment" />,
);
const EditMomentPage = page(withUiKitTheme(() => import('./routes/moments/edit')));
const SubscribePage = page(withUiKitTheme(() => import('./routes/subscribe')));
const AdminLayout = page(withUiKitTheme(() => import('./routes/admin/layout')));
const AdminOverviewPage = page(withUiKitTheme(() => import('./routes/admin/dashboard')));
const AdminPeoplePage = page(withUiKitTheme(() => import('./routes/admin/people')));
const AdminPersonPage = page(withUiKitTheme(() => import('./routes/admin/person')));
const AdminAuditPage = page(withUiKitTheme(() => import('./routes/admin/audit')));
const NotFoundPage = page(withUiKitTheme(() => import('./routes/not-found')));

/** Every route of the app, aliases included. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      // Public.
      { path: '/', element: <AuthPage /> },
      { path: '/auth', element: <AuthPage /> },
      { path: '/signup/phone', element: <SignupPhonePage /> },
      { path: '/signup/verify', element: <SignupVerifyPage /> },
      { path: '/signup/name', element: <SignupNamePage /> },
      { path: '/signup/photo', element: <SignupPhotoPage /> },
      { path: '/signup/add-to-home', element: <AddToHomePage /> },
      { path: '/test-add-to-home', element: <AddToHomePage /> },
      { path: '/signup/success', element: <SignupSuccessPage /> },
      { path: '/admin/login', element: <AdminLoginPage /> },
      { path: '/invite-preview/:token', element: <InvitePreviewPage /> },
      { path: '/invite/:token', element: <InvitePreviewPage /> },
      { path: '/invite-success', element: <InviteSuccessPage /> },
      { path: '/auth/apple-callback', element: <AppleCallbackPage /> },
      { path: '/onboarding/welcome', element: <OnboardingWelcomePage /> },
      { path: '/onboarding-screen-1', element: <OnboardingWelcomePage /> },
      { path: '/onboarding-screen-2', element: <OnboardingScreen2Page /> },
      { path: '/onboarding-verify', element: <OnboardingVerifyPage /> },
      { path: '/onboarding-screen-3', element: <OnboardingScreen3Page /> },
      { path: '/onboarding-screen-4', element: <OnboardingScreen4Page /> },
      { path: '/onboarding-screen-5', element: <OnboardingScreen5Page /> },
      { path: '/onboarding-screen-6', element: <OnboardingScreen6Page /> },
      { path: '/onboarding-screen-7', element: <OnboardingScreen7Page /> },
      { path: '/onboarding/7', element: <OnboardingScreen7Page /> },
      // Signed in.
      {
        element: <ProtectedLayout />,
        children: [
          { path: '/home', element: <HomePage /> },
          { path: '/profile', element: <ProfilePage /> },
          { path: '/journals/:id', element: <MomentDetailPage /> },
          { path: '/moment/new', element: <NewMomentPage /> },
          { path: '/moment/:id/edit', element: <EditMomentPage /> },
          { path: '/subscribe', element: <SubscribePage /> },
        ],
      },
      // Admins only; anyone else signed in goes to /home.
      {
        element: <ProtectedLayout adminOnly />,
        children: [
          {
            element: <AdminLayout />,
            children: [
              { path: '/admin', element: <AdminOverviewPage /> },
              { path: '/admin/people', element: <AdminPeoplePage /> },
              { path: '/admin/people/:uid', element: <AdminPersonPage /> },
              { path: '/admin/audit', element: <AdminAuditPage /> },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/**
 * Starts fetching what the address's first screen needs: the code of its pages (those made
 * with `page`), what they ask the server for first, and the session. Resolves once the code is
 * here, or could not come (the page's error screen then tells).
 */
function preloadFirstScreen(): Promise<void> {
  void queryClient.prefetchQuery(getUserQueryOptions());
  const code = (matchRoutes(routes, window.location) ?? []).map((match) => {
    const type = (match.route.element as ReactElement | undefined)?.type;
    if (type && typeof type === 'function' && 'preload' in type) {
      return (type as { preload: (params: Params) => Promise<unknown> })
        .preload(match.params)
        .catch(() => undefined);
    }
    return undefined;
  });
  return Promise.all(code).then(() => undefined);
}

export type AppRouter = ReturnType<typeof createBrowserRouter>;

/**
 * Starts the first screen: its code and first calls (above). Resolves when the code is here. The
 * router is made apart (createAppRouter), so that neither holds a phone's main thread long.
 */
export function startFirstScreen(): Promise<void> {
  // The install prompt fires once, early; the add-to-home sign-up step offers it later.
  captureInstallPrompt();
  return preloadFirstScreen();
}

export function createAppRouter(): AppRouter {
  return createBrowserRouter(routes);
}
