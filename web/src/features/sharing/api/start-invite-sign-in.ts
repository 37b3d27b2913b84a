import { useMutation } from '@tanstack/react-query';
import { requestCode, type PendingCode } from '../../auth/api/request-code';
import { nextAfterPhoneCheck, type PhoneStepNext } from '../utils/invite-outcome';
import { checkUser } from './check-user';

export interface StartInviteSignInInput {
  /** E.164. */
  phoneNumber: string;
  journalId: string;
  /** The link is for one phone number (or there is no token): the number must be verified. */
  targeted: boolean;
}

export interface InviteSignInStart {
  next: PhoneStepNext;
  /** Set when no code was sent because this one was still pending. */
  pendingCode?: PendingCode;
}

/**
 * The invite flow's phone step: POST /api/auth/check-user, then, unless a new
 * person may go straight to the profile, POST /api/auth/request-code — a sign-in code for an
 * account, else a sign-up code with the journalId. Answers which step comes next.
 */
export async function startInviteSignIn({
  phoneNumber,
  journalId,
  targeted,
}: StartInviteSignInInput): Promise<InviteSignInStart> {
  const next = nextAfterPhoneCheck(await checkUser({ phoneNumber }), targeted);
  if (next === 'profile') return { next };
  const isSignUp = next === 'sign-up-code';
  const pendingCode = await requestCode({
    phoneNumber,
    isSignUp,
    ...(isSignUp ? { journalId } : {}),
  });
  return { next, pendingCode };
}

export function useStartInviteSignIn() {
  return useMutation({ mutationFn: startInviteSignIn });
}
