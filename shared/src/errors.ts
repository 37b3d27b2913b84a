// The error catalogue of SPEC section 8: request errors, retry rules, and every message and
// toast text, exported once so that UI code never retypes them.

import { AUTH_SERVER_MESSAGES } from './auth-messages';
import {
  ADMIN_LOCK_MINUTES,
  INVITE_TOAST_MS,
  NO_ACCOUNT_TOAST_MS,
  QUERY_MAX_RETRIES,
  RETRY_BASE_DELAY_MS,
  RETRY_MAX_DELAY_MS,
} from './constants';

/** A non-OK answer to an /api call (SPEC section 8, Generic). */
export class HttpError extends Error {
  override readonly name = 'HttpError';

  constructor(
    readonly status: number,
    readonly bodyText: string,
    readonly statusText = '',
  ) {
    super(`${status}: ${bodyText || statusText}`);
  }

  /** Reads the body of a non-OK response (a fetch `Response`, or anything shaped like one). */
  static async fromResponse(response: {
    status: number;
    statusText: string;
    text(): Promise<string>;
  }): Promise<HttpError> {
    return new HttpError(response.status, await response.text(), response.statusText);
  }

  /** The `message` of the API's JSON error body (`ApiErrorBody`), if it has one. */
  get serverMessage(): string | undefined {
    try {
      const body: unknown = JSON.parse(this.bodyText);
      if (typeof body === 'object' && body !== null && 'message' in body) {
        return typeof body.message === 'string' && body.message ? body.message : undefined;
      }
    } catch {
      // Not JSON: there is no server message.
    }
    return undefined;
  }
}

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : '';
}

/**
 * Whether a failed query is tried again. `failureCount` counts the retries already made (0
 * after the first failure), as TanStack Query passes it. An authentication failure (a message
 * containing 401 or 403) is never retried. Mutations are never retried: do not use this there.
 */
export function shouldRetryQuery(
  failureCount: number,
  error: unknown,
  maxRetries = QUERY_MAX_RETRIES,
): boolean {
  const message = messageOf(error);
  if (message.includes('401') || message.includes('403')) return false;
  return failureCount < maxRetries;
}

/** Wait before retry number `attempt` (0-based): 1 s, 2 s, 4 s, ... at most 30 s. */
export function retryDelay(attempt: number): number {
  return Math.min(RETRY_BASE_DELAY_MS * 2 ** attempt, RETRY_MAX_DELAY_MS);
}

export type ToastVariant = 'default' | 'destructive' | 'success';

export interface ToastAction {
  label: string;
  /** The route the action leads to. */
  href: string;
}

export interface ToastSpec {
  title: string;
  description?: string;
  action?: ToastAction;
  variant?: ToastVariant;
  /** Milliseconds; the toast's default (DEFAULT_TOAST_MS) when absent. */
  duration?: number;
}

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

export const NO_ACCOUNT_TOAST = {
  title: 'No account found',
  description: "We didn't find an account with that number. Want to create one?",
  action: { label: 'Continue to Sign Up', href: '/onboarding-screen-1' },
  duration: NO_ACCOUNT_TOAST_MS,
} as const satisfies ToastSpec;

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

/** The onboarding form's checks of the chosen picture (SPEC section 5). */
export const PROFILE_IMAGE_TOASTS = {
  invalidType: {
    title: 'Invalid file type',
    description: 'Please select an image file',
    variant: 'destructive',
  },
  tooLarge: {
    title: 'File too large',
    description: 'Please select an image under 5MB',
    variant: 'destructive',
  },
} as const satisfies Record<string, ToastSpec>;

export const ACCOUNT_ERRORS = {
  logoutToastTitle: 'Logout failed',
  refreshUserToast: {
    title: 'Failed to refresh user data',
    description: 'There was an error refreshing your profile. Please try again.',
    variant: 'destructive',
  },
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
  save: 'Could not save the moment. Please try again.',
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

/** The card a protected route shows when the session cannot be loaded (SPEC section 2). */
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
 * The alert of the auth page when its URL carries an error (SPEC section 2). The URL's message
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
  const status = error instanceof HttpError ? error.status : undefined;
  if (status === 401) return ADMIN_LOGIN_ERRORS.invalid;
  if (status === 423) return ADMIN_LOGIN_ERRORS.locked;
  return sharedRequestError(status) ?? ADMIN_LOGIN_ERRORS.failed;
}

export const SUCCESS_TOASTS = {
  entryAdded: { title: 'Entry added', variant: 'success' },
  momentDeleted: {
    title: 'Moment deleted',
    description: 'The moment has been removed from your collection',
    variant: 'success',
  },
  momentPinned: {
    title: 'Moment pinned',
    description: 'This moment will now appear at the top of your list',
    variant: 'success',
  },
  momentUnpinned: {
    title: 'Moment unpinned',
    description: 'This moment has been unpinned',
    variant: 'success',
  },
  inviteAccepted: {
    title: 'Invite accepted!',
    description: 'The shared journal has been added to your collection.',
    variant: 'success',
    duration: INVITE_TOAST_MS,
  },
} as const satisfies Record<string, ToastSpec>;

/** What invite calls answer, and the invite page shows (SPEC section 4, invites). */
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

/** After an invite sign-up, when the journal cannot be opened yet (SPEC section 4). */
export const JOURNAL_ACCESS_NOT_READY_TOAST = {
  title: 'Journal access not ready',
  description: 'Taking you to your home page instead.',
} as const satisfies ToastSpec;

function destructive(title: string, description: string): ToastSpec {
  return { title, description, variant: 'destructive' };
}

/** Maps 429 and 5xx, which sign-in, sign-up and verify share; undefined for other statuses. */
function sharedRequestError(status: number | undefined): string | undefined {
  if (status === 429) return REQUEST_ERRORS.tooManyAttempts;
  if (status !== undefined && status >= 500 && status <= 599) return REQUEST_ERRORS.server;
  return undefined;
}

/**
 * POST /api/auth/request-code failed (SPEC section 8, "Sign-in code request"). `status` is
 * undefined when no answer came; `message` is the error's text, searched for "No account found".
 * The spec names the "Failed to send code" toast on its last row; every case but the
 * no-account one gets it here, with the row's message as its text.
 */
export function signInCodeError(status: number | undefined, message?: string): ErrorOutcome {
  if (status === 404 || message?.includes(NO_ACCOUNT_SERVER_TEXT)) {
    return { message: SIGN_IN_CODE_ERRORS.noAccount, toast: NO_ACCOUNT_TOAST };
  }
  const text =
    status === 401 || status === 403
      ? SIGN_IN_CODE_ERRORS.authentication
      : (sharedRequestError(status) ?? SIGN_IN_CODE_ERRORS.failed);
  return { message: text, toast: destructive(SIGN_IN_CODE_ERRORS.toastTitle, text) };
}

/** POST /api/auth/signup failed (SPEC section 8, "Sign-up"). */
export function signupError(status: number | undefined): ErrorOutcome {
  let text: string;
  if (status === 409) text = SIGNUP_ERRORS.alreadyRegistered;
  else if (status === 401 || status === 403) text = SIGNUP_ERRORS.authentication;
  else text = sharedRequestError(status) ?? SIGNUP_ERRORS.failed;
  return { message: text, toast: destructive(SIGNUP_ERRORS.toastTitle, text) };
}

/**
 * POST /api/auth/verify failed (SPEC section 8, "Verify"). The spec's table has no "otherwise"
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

export function logoutFailedToast(error: unknown): ToastSpec {
  return destructive(ACCOUNT_ERRORS.logoutToastTitle, messageOf(error));
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

/** The timeline's error text: the error's own message, else the spec's fallback. */
export function timelineLoadError(error: unknown): string {
  const message = error instanceof HttpError ? error.serverMessage : messageOf(error);
  return message || MOMENT_ERRORS.loadTimeline;
}
