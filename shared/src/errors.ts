// The spec's error messages, exported once so that neither the UI nor the function retypes
// them, and the mapping from a failed call's status to the message its form shows. Toasts
// are in toasts.ts; the HTTP error and retry rules in http-error.ts.

import { ACCOUNT_DISABLED_MESSAGE, AUTH_SERVER_MESSAGES } from './auth-messages';
import { ADMIN_LOCK_MINUTES } from './constants';
import { failedStatus, failureMessage } from './http-error';
import { NO_ACCOUNT_TOAST, destructive, type ToastSpec } from './toasts';

/** What a failed auth call shows: a message by the form, and a toast. */
export interface ErrorOutcome {
  message: string;
  toast?: ToastSpec;
}

/** Shared by the sign-in, sign-up and verify tables ("as for sign-in"). */
export const REQUEST_ERRORS = {
  tooManyAttempts: 'Too many attempts. Please wait and try again later.',
  server: 'Server error. Our team has been notified. Please try again in a few minutes.',
} as const;

/** A sign-in code request fails with this text in its message when the number is unknown. */
export const NO_ACCOUNT_SERVER_TEXT = 'No account found';

export const SIGN_IN_CODE_ERRORS = {
  noAccount: "Looks like there's no account for this number. Sign up instead?",
  authentication: 'Authentication error. Please try again.',
  failed: 'Failed to send verification code. Please try again.',
  toastTitle: 'Failed to send code',
} as const;

export const SIGNUP_ERRORS = {
  alreadyRegistered: 'This phone number is already registered. Try signing in instead.',
  authentication: 'Authentication error. Please check your information and try again.',
  failed: 'Failed to create account. Please check your information and try again.',
  toastTitle: 'Failed to create account',
} as const;

export const VERIFY_ERRORS = {
  toastTitle: 'Verification failed',
  invalidCode: 'Invalid verification code. Please try again.',
  notFound: 'Phone number not found. Please sign up first.',
  expired: 'Verification code expired. Please request a new code.',
} as const;

export const INVITE_FLOW_ERRORS = {
  sendCode: "We couldn't send a verification code. Please try again.",
  verify: 'The verification code is incorrect or has expired. Please try again.',
  completeProfile: "We couldn't complete your profile. Please try again.",
  completeProfileToastTitle: 'Profile completion failed',
} as const;

export const ONBOARDING_ERRORS = {
  uploadImage: 'Failed to upload image',
  completeProfile: 'Failed to complete profile',
  toastTitle: 'Failed to update profile',
} as const;

export const MOMENT_ERRORS = {
  toastTitle: 'Error',
  postEntry: 'Failed to post entry. Please try again.',
  deleteToast: {
    title: 'Error deleting moment',
    description: 'There was a problem deleting this moment. Please try again.',
    variant: 'destructive',
  },
  pin: 'Failed to pin the moment',
  unpin: 'Failed to unpin the moment',
  loadTimeline: 'Unable to load timeline entries. Please try again later.',
  /** The timeline's read was refused: the person is no longer a member. */
  timelineNoAccess: 'You no longer have access to this timeline.',
  /** The timeline's read was refused for want of a sign-in. */
  timelineSignedOut: 'Your session has ended. Please sign in again to see the timeline.',
  save: 'Could not save the moment. Please try again.',
  savePhoto: 'Could not save the photo. Please try again.',
  photoUploads: 'Some photos could not be uploaded. Retry them, or remove them and save again.',
} as const;

/**
 * The spec does not say what an open moment page does when the moment is deleted or the
 * person loses access: the page goes home with this toast, and a link to such a moment shows
 * `notFound` in place.
 */
export const MOMENT_UNAVAILABLE = {
  notFound: 'This moment could not be found.',
  loadFailed: 'Unable to load this moment. Please try again.',
  toast: {
    title: 'Moment unavailable',
    description: 'This moment was deleted or you no longer have access to it.',
  },
} as const satisfies Record<string, string | ToastSpec>;

/** The card a protected route shows when the session cannot be loaded. */
export const AUTH_ERROR_CARD = {
  title: 'Authentication Error',
  text: "We're having trouble connecting to your account. This might be due to a network issue or session timeout.",
} as const;

export const APPLE_SIGN_IN_ERRORS = {
  toastTitle: 'Apple Sign-In Error',
  fallback: 'Authentication failed',
  // The spec shows no wording for these; each names what went wrong in the person's terms.
  /** Apple refused the code (used, expired, or not ours) or our client secret. */
  exchangeFailed: 'Apple did not accept this sign-in. Please try again.',
  /** The identity token failed its signature, issuer, audience or expiry check. */
  tokenInvalid: 'Your Apple sign-in could not be verified. Please try again.',
  notConfigured: 'Sign in with Apple is not available.',
  /** Apple returned an error instead of a code (for example the person pressed Cancel). */
  cancelled: 'Sign in with Apple was cancelled.',
} as const;

/**
 * The alert of the auth page when its URL carries an error. The URL's message
 * is shown only when it is one of the texts the sign-in itself puts there: anyone can write a
 * URL, so any other text (a phishing line) gives way to the fallback.
 */
export function appleSignInAlert(message?: string | null): string {
  const known: readonly string[] = [
    APPLE_SIGN_IN_ERRORS.fallback,
    APPLE_SIGN_IN_ERRORS.exchangeFailed,
    APPLE_SIGN_IN_ERRORS.tokenInvalid,
    APPLE_SIGN_IN_ERRORS.notConfigured,
    APPLE_SIGN_IN_ERRORS.cancelled,
    AUTH_SERVER_MESSAGES.appleStateMismatch,
    REQUEST_ERRORS.tooManyAttempts,
  ];
  const shown = message && known.includes(message) ? message : APPLE_SIGN_IN_ERRORS.fallback;
  return `${APPLE_SIGN_IN_ERRORS.toastTitle}: ${shown}`;
}

/**
 * The admin login's messages (the spec shows no wording for them). The server answers 401 with
 * `invalid` and 423 with `locked`; the form shows the same texts.
 */
export const ADMIN_LOGIN_ERRORS = {
  invalid: 'Invalid username or password.',
  locked: `Too many failed attempts. Please try again in ${ADMIN_LOCK_MINUTES} minutes.`,
  failed: 'Could not sign in. Please try again.',
} as const;

/**
 * The message a failed POST /api/auth/admin/login shows: wrong credentials (401), a locked
 * account (423), too many tries (429), a server failure (5xx), else a generic one.
 */
export function adminLoginError(error: unknown): string {
  const status = failedStatus(error);
  if (status === 401) return ADMIN_LOGIN_ERRORS.invalid;
  if (status === 423) return ADMIN_LOGIN_ERRORS.locked;
  return sharedRequestError(status) ?? ADMIN_LOGIN_ERRORS.failed;
}

/** What invite calls answer, and the invite page shows. */
export const INVITE_MESSAGES = {
  notFound: 'This invite link is not valid. Ask for a new one.',
  revoked: 'This invite link was cancelled. Ask for a new one.',
  expired: 'This invite link has expired. Ask for a new one.',
  used: 'This invite link has already been used.',
  wrongPerson: 'This invite was meant for someone else. Ask the person who sent it for a new link.',
  accepted: 'You joined the moment.',
  alreadyMember: 'You are already a member of this moment.',
  /** Sign-up without a code was tried with a link made for one phone number. */
  verifyPhone: 'This invite is for one phone number. Verify it with a code to join.',
} as const;

/** Maps 429 and 5xx, which sign-in, sign-up and verify share; undefined for other statuses. */
function sharedRequestError(status: number | undefined): string | undefined {
  if (status === 429) return REQUEST_ERRORS.tooManyAttempts;
  if (status !== undefined && status >= 500 && status <= 599) return REQUEST_ERRORS.server;
  return undefined;
}

/**
 * POST /api/auth/request-code failed. `status` is
 * undefined when no answer came; `message` is the error's text, searched for "No account found".
 * Only the no-account row and the last ("otherwise") row have a toast; the others show their
 * message by the form alone, so a failure is told once.
 */
export function signInCodeError(status: number | undefined, message?: string): ErrorOutcome {
  if (status === 404 || message?.includes(NO_ACCOUNT_SERVER_TEXT)) {
    return { message: SIGN_IN_CODE_ERRORS.noAccount, toast: NO_ACCOUNT_TOAST };
  }
  // An admin disabled the account: the server's own sentence, not a generic one.
  if (message?.includes(ACCOUNT_DISABLED_MESSAGE)) {
    return {
      message: ACCOUNT_DISABLED_MESSAGE,
      toast: destructive(SIGN_IN_CODE_ERRORS.toastTitle, ACCOUNT_DISABLED_MESSAGE),
    };
  }
  if (status === 401 || status === 403) return { message: SIGN_IN_CODE_ERRORS.authentication };
  const shared = sharedRequestError(status);
  if (shared) return { message: shared };
  const text = SIGN_IN_CODE_ERRORS.failed;
  return { message: text, toast: destructive(SIGN_IN_CODE_ERRORS.toastTitle, text) };
}

/** POST /api/auth/signup failed: a toast on the last row only. */
export function signupError(status: number | undefined): ErrorOutcome {
  if (status === 409) return { message: SIGNUP_ERRORS.alreadyRegistered };
  if (status === 401 || status === 403) return { message: SIGNUP_ERRORS.authentication };
  const shared = sharedRequestError(status);
  if (shared) return { message: shared };
  const text = SIGNUP_ERRORS.failed;
  return { message: text, toast: destructive(SIGNUP_ERRORS.toastTitle, text) };
}

/**
 * POST /api/auth/verify failed. The spec's table has no "otherwise"
 * row; the invite flow's message for a failed verification stands in for it.
 */
export function verifyError(status: number | undefined): ErrorOutcome {
  let text: string;
  if (status === 401 || status === 403) text = VERIFY_ERRORS.invalidCode;
  else if (status === 404) text = VERIFY_ERRORS.notFound;
  else if (status === 410) text = VERIFY_ERRORS.expired;
  else text = sharedRequestError(status) ?? INVITE_FLOW_ERRORS.verify;
  return { message: text, toast: destructive(VERIFY_ERRORS.toastTitle, text) };
}

/** The timeline's error text: the error's own message, else the spec's fallback. */
export function timelineLoadError(error: unknown): string {
  return failureMessage(error, MOMENT_ERRORS.loadTimeline, { ownText: true });
}

/** Posting a timeline entry failed: the server's message, else the spec's fallback. */
export function postEntryFailedToast(serverMessage?: string): ToastSpec {
  return destructive(MOMENT_ERRORS.toastTitle, serverMessage || MOMENT_ERRORS.postEntry);
}

export function pinFailedToast(pinning: boolean): ToastSpec {
  return destructive(MOMENT_ERRORS.toastTitle, pinning ? MOMENT_ERRORS.pin : MOMENT_ERRORS.unpin);
}

export function completeProfileFailedToast(): ToastSpec {
  return destructive(
    INVITE_FLOW_ERRORS.completeProfileToastTitle,
    INVITE_FLOW_ERRORS.completeProfile,
  );
}

export function onboardingFailedToast(): ToastSpec {
  return destructive(ONBOARDING_ERRORS.toastTitle, ONBOARDING_ERRORS.completeProfile);
}
