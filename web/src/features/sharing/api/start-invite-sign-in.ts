import { useMutation } from '@tanstack/react-query';
import { requestCode } from '../../auth/api/request-code';
import { nextAfterPhoneCheck, type PhoneStepNext } from '../utils/invite-outcome';
import { checkUser } from './check-user';

export interface StartInviteSignInInput {
  /** E.164. */
  phoneNumber: string;
  journalId: string;
  /** The link is for one phone number (or there is no token): the number must be verified. */
  targeted: boolean;
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
}: StartInviteSignInInput): Promise<PhoneStepNext> {
  const next = nextAfterPhoneCheck(await checkUser({ phoneNumber }), targeted);
  if (next === 'sign-in-code') await requestCode({ phoneNumber, isSignUp: false });
  if (next === 'sign-up-code') await requestCode({ phoneNumber, isSignUp: true, journalId });
  return next;
}

export function useStartInviteSignIn() {
  return useMutation({ mutationFn: startInviteSignIn });
}
