// Toasts of the share dialog and of leaving (the spec shows none of these; SPEC section 8
// keeps the same shape: a short title, a description where it helps).
import type { ToastSpec } from '@moments/shared';

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
