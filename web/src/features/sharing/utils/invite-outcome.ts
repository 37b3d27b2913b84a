// What the invite flow does next: after the phone check (narrowed for targeted links), and
// after accept-invite.
import { JOURNAL_ACCESS_NOT_READY_TOAST, SUCCESS_TOASTS, type ToastSpec } from '@moments/shared';
import type { AcceptResult } from './accept-retry';

/** The answer of POST /api/auth/check-user: 200, 404, or anything else (a failed check). */
export type PhoneCheck = 'exists' | 'unknown' | 'failed';

export type PhoneStepNext =
  /** An existing account: a sign-in code, then the verify step. */
  | 'sign-in-code'
  /** A new person with an untargeted link: straight to the profile, no code. */
  | 'profile'
  /** A new person with a link for one number, or a failed check: a sign-up code with the journalId. */
  | 'sign-up-code';

/**
 * An existing user gets a code; an unknown user skips verification; a failed
 * check requests a sign-up code. The contract narrows the skip to untargeted links: a link for
 * one phone number must be opened by that phone's owner, so the number is verified.
 */
export function nextAfterPhoneCheck(check: PhoneCheck, targeted: boolean): PhoneStepNext {
  if (check === 'exists') return 'sign-in-code';
  if (check === 'unknown' && !targeted) return 'profile';
  return 'sign-up-code';
}

export const JOIN_REFUSED_TITLE = 'Could not join this moment';

/**
 * Where an accepted invite lands: the moment (the invite flow's profile step, and the invite
 * page), or /home for a signed-in person whose auth-page URL carried the token: the spec
 * shows the toast "Invite accepted!" there and goes to /home.
 */
export type InviteLanding = 'moment' | 'home';

export interface AfterAccept {
  /** Where to go, after INVITE_REDIRECT_DELAY_MS. */
  path: string;
  toast?: ToastSpec;
  /** The server's reason when it refused the invite (wrong person, revoked, expired, used). */
  refusal?: string;
}

export function journalPath(journalId: string): string {
  return `/journals/${encodeURIComponent(journalId)}`;
}

/** Accepted, or already a member: the moment can be opened. */
export function wasAccepted(result: AcceptResult): boolean {
  return result.kind === 'answer' && result.response.success;
}

/**
 * Where the person goes after accept-invite: the moment if the invite was
 * accepted or the moment can be fetched anyway; else home, with "Journal access not ready" —
 * or, when the server gave a reason for refusing, with that reason. Someone who was already a
 * member lands on /invite-success, which says so, since "Invite accepted!" would be untrue.
 */
export function afterAccept(
  result: AcceptResult,
  journalId: string,
  journalFetchable: boolean,
  landing: InviteLanding = 'moment',
): AfterAccept {
  if (result.kind === 'answer' && result.response.success) {
    if (result.response.alreadyHadAccess) {
      return { path: `/invite-success?journalId=${encodeURIComponent(journalId)}` };
    }
    const path = landing === 'home' ? '/home' : journalPath(journalId);
    return { path, toast: SUCCESS_TOASTS.inviteAccepted };
  }
  if (journalFetchable) return { path: journalPath(journalId) };
  if (result.kind === 'answer' && result.response.message) {
    const refusal = result.response.message;
    return {
      path: '/home',
      refusal,
      toast: { title: JOIN_REFUSED_TITLE, description: refusal, variant: 'destructive' },
    };
  }
  return { path: '/home', toast: JOURNAL_ACCESS_NOT_READY_TOAST };
}
