// The toasts of the UI (title, description, action, variant), kept apart from the messages of
// errors.ts so that the catalogue of messages reads as the spec's tables.
import { INVITE_TOAST_MS, NO_ACCOUNT_TOAST_MS } from './constants';
import { messageOf } from './http-error';

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

/** A failure toast: red, with a title and the reason. */
export function destructive(title: string, description: string): ToastSpec {
  return { title, description, variant: 'destructive' };
}

export const NO_ACCOUNT_TOAST = {
  title: 'No account found',
  description: "We didn't find an account with that number. Want to create one?",
  action: { label: 'Continue to Sign Up', href: '/onboarding-screen-1' },
  duration: NO_ACCOUNT_TOAST_MS,
} as const satisfies ToastSpec;

/** The onboarding form's checks of the chosen picture. */
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

/** After an invite sign-up, when the journal cannot be opened yet. */
export const JOURNAL_ACCESS_NOT_READY_TOAST = {
  title: 'Journal access not ready',
  description: 'Taking you to your home page instead.',
} as const satisfies ToastSpec;

export function logoutFailedToast(error: unknown): ToastSpec {
  return destructive(ACCOUNT_ERRORS.logoutToastTitle, messageOf(error));
}

// Toasts of the share dialog and of leaving a moment (the spec shows none of these; they keep
// the spec's shape: a short title, a description where it helps).
export const SHARING_TOASTS = {
  linkCopied: { title: 'Link copied', description: 'Paste it in a message.', variant: 'success' },
  copyFailed: {
    title: 'Could not copy the link',
    description: 'Select the link and copy it yourself.',
    variant: 'destructive',
  },
  inviteRevoked: { title: 'Invite link revoked', variant: 'success' },
  memberRemoved: { title: 'Removed from this moment', variant: 'success' },
  left: {
    title: 'You left the moment',
    description: 'It has been removed from your moments.',
    variant: 'success',
  },
} as const satisfies Record<string, ToastSpec>;

/** A failed sharing call: its title, and the server's reason when it gave one. */
export function sharingFailedToast(title: string, serverMessage?: string): ToastSpec {
  return {
    title,
    description: serverMessage || 'Please check your connection and try again.',
    variant: 'destructive',
  };
}
