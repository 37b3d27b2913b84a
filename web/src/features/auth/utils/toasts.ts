import { ONBOARDING_ERRORS, failureMessage, type ToastSpec } from '@moments/shared';

/** "Failed to upload image", with the server's reason (e.g. the 5 MB limit) when it gave one. */
export function uploadFailedToast(error: unknown): ToastSpec {
  return {
    title: ONBOARDING_ERRORS.uploadImage,
    description: failureMessage(error),
    variant: 'destructive',
  };
}

/** My Account saved (the spec shows no wording for it). */
export const PROFILE_UPDATED_TOAST = {
  title: 'Profile updated',
  variant: 'success',
} as const satisfies ToastSpec;

/** My Account could not save: the server's reason, else a generic one. */
export function profileUpdateFailedToast(error: unknown): ToastSpec {
  return {
    title: ONBOARDING_ERRORS.toastTitle,
    description: failureMessage(error, 'Please check your connection and try again.'),
    variant: 'destructive',
  };
}
