import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  inviteSignupSchema,
  onboardSchema,
  type CurrentUser,
  type InviteProfileInput,
  type SignInResponse,
} from '@moments/shared';
import { api } from '../../../lib/api-client';
import { track } from '../../../lib/analytics';
import { userQueryKey } from '../../auth/api/get-user';
import { signInFirebaseClient, toCurrentUser } from '../../auth/api/verify';
import { setLoggingOut } from '../../auth/utils/session';

export type CompleteInviteProfileInput = InviteProfileInput &
  (
    | {
        /** A new number with a link for anyone: the account is made without a code. */
        mode: 'skip-verification';
        phoneNumber: string;
        journalId: string;
        /** Only a link for anyone allows this, and such a link has a token. */
        inviteToken: string;
      }
    /** The number was verified already (the session exists): only the profile is saved. */
    | { mode: 'onboard' }
  );

/**
 * The invite flow's last step. Either POST
 * /api/auth/signup with skipVerification (allowed by the server only for a pending link that
 * is not for one number), which signs in like verify does; or POST /api/auth/onboard after a
 * verified sign-up. Answers the signed-in person.
 */
export async function completeInviteProfile(
  input: CompleteInviteProfileInput,
): Promise<CurrentUser> {
  const lastName = input.lastName ?? '';
  if (input.mode === 'onboard') {
    return api.post<CurrentUser>(
      '/api/auth/onboard',
      onboardSchema.parse({ firstName: input.firstName, lastName, email: input.email ?? '' }),
    );
  }
  const response = await api.post<SignInResponse>(
    '/api/auth/signup',
    inviteSignupSchema.parse({
      phoneNumber: input.phoneNumber,
      firstName: input.firstName,
      lastName,
      email: input.email ?? '',
      // The profile step says that continuing accepts the terms.
      termsAccepted: true,
      skipVerification: true,
      journalId: input.journalId,
      inviteToken: input.inviteToken,
    }),
  );
  await signInFirebaseClient(response.customToken);
  track('invite_signed_up', { journal_id: input.journalId });
  return toCurrentUser(response);
}

export function useCompleteInviteProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeInviteProfile,
    onSuccess: (user) => {
      setLoggingOut(false);
      queryClient.setQueryData(userQueryKey, user);
    },
  });
}
