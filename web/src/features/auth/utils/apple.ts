// Sign in with Apple in the browser: the authorize URL, the state kept
// in local storage ("a locally stored platform sign-in state"), and where each outcome leads.
import { APPLE_SIGN_IN_ERRORS, type AppleSignInResponse } from '@moments/shared';
import { safeLocalStorage as storage } from '../../../lib/safe-storage';

/** Where the platform sign-in keeps the state it sent, to compare with apple_state. */
export const APPLE_STATE_KEY = 'appleSignInState';
/** Which screen started the sign-in, so the return lands back in the same flow. */
export const APPLE_FLOW_KEY = 'appleSignInFlow';
/** The return point registered with Apple. */
export const APPLE_CALLBACK_PATH = '/auth/apple-callback';

/**
 * The two return handlers. `app`: started on the sign-in page; the app-level handler
 * (/home, or /auth with the error). `onboarding`: started on the tour's welcome screen;
 * hasSubscription leads to /onboarding-screen-2, else /subscribe; a failure is a toast there.
 */
export type AppleSignInFlow = 'app' | 'onboarding';

const FLOW_HOME: Record<AppleSignInFlow, string> = {
  app: '/',
  onboarding: '/onboarding-screen-1',
};

/** The flow of a page that has ?apple_code= in its URL. */
export function appleFlowForPath(pathname: string): AppleSignInFlow {
  return pathname === '/onboarding-screen-1' || pathname === '/onboarding/welcome'
    ? 'onboarding'
    : 'app';
}

/**
 * The pages Apple's return lands on (the flows' pages): only there is ?apple_code= taken up, so
 * a link to any other page with a code in it does nothing.
 */
export function isAppleLandingPath(pathname: string): boolean {
  return ['/', '/auth', '/onboarding-screen-1', '/onboarding/welcome'].includes(pathname);
}

interface AuthorizeInput {
  authorizeUrl: string;
  clientId: string;
  /** The app's origin, e.g. https://moments.example. */
  origin: string;
  state: string;
}

/**
 * Apple's authorisation request. response_mode=query lets the return page be a plain page of
 * the app; Apple gives the name and email scopes only with form_post, so none are asked (the
 * person types their name after the first sign-in).
 */
export function appleAuthorizeUrl({ authorizeUrl, clientId, origin, state }: AuthorizeInput) {
  const url = new URL(authorizeUrl);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('response_mode', 'query');
  url.searchParams.set('client_id', clientId);
  url.searchParams.set('redirect_uri', `${origin}${APPLE_CALLBACK_PATH}`);
  url.searchParams.set('state', state);
  return url.toString();
}

export function rememberAppleSignIn(state: string, flow: AppleSignInFlow): void {
  storage.setItem(APPLE_STATE_KEY, state);
  storage.setItem(APPLE_FLOW_KEY, flow);
}

export function storedAppleState(): string | null {
  return storage.getItem(APPLE_STATE_KEY);
}

export function storedAppleFlow(): AppleSignInFlow {
  return storage.getItem(APPLE_FLOW_KEY) === 'onboarding' ? 'onboarding' : 'app';
}

export function forgetAppleSignIn(): void {
  storage.removeItem(APPLE_STATE_KEY);
  storage.removeItem(APPLE_FLOW_KEY);
}

export type AppleCallbackResult = { ok: true; to: string } | { ok: false; message: string };

/**
 * What /auth/apple-callback does with Apple's answer: a code goes on to the flow's page as
 * ?apple_code=...&apple_state=...; an error is a failed sign-in (Cancel says so). Null when
 * the page was opened without either.
 */
export function appleCallbackResult(
  params: URLSearchParams,
  flow: AppleSignInFlow,
): AppleCallbackResult | null {
  const code = params.get('code');
  const error = params.get('error');
  if (!code) {
    if (!error) return null;
    const message =
      error === 'user_cancelled_authorize'
        ? APPLE_SIGN_IN_ERRORS.cancelled
        : APPLE_SIGN_IN_ERRORS.fallback;
    return { ok: false, message };
  }
  const forward = new URLSearchParams({ apple_code: code });
  const state = params.get('state');
  if (state) forward.set('apple_state', state);
  return { ok: true, to: `${FLOW_HOME[flow]}?${forward.toString()}` };
}

/**
 * Where a signed-in person goes. A new Apple account has no name yet, so in
 * either flow it goes to the sign-up name step first (then photo, install, /home).
 */
export function appleSuccessPath(
  flow: AppleSignInFlow,
  response: Pick<AppleSignInResponse, 'needsOnboarding' | 'hasSubscription'>,
): string {
  if (response.needsOnboarding) return '/signup/name';
  if (flow === 'app') return '/home';
  return response.hasSubscription ? '/onboarding-screen-2' : '/subscribe';
}

/** The app-level handler's failure: back to /auth, whose alert shows the message. */
export function appleFailurePath(message: string): string {
  return `/auth?${new URLSearchParams({ error: 'apple_auth_failed', message }).toString()}`;
}
