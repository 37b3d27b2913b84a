import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser, SignInResponse, VerifyInput } from '@moments/shared';
import { api } from '../../../lib/api-client';
import { track } from '../../../lib/analytics';
import { loadFirebase } from '../../../lib/firebase-loader';
import { loadSignInRules } from '../utils/load-sign-in-rules';
import { markPasskeyOfferDue } from '../utils/passkey-offer';
import { setLoggingOut } from '../utils/session';
import { userQueryKey } from './get-user';

export type { VerifyInput };

/** The user part of a sign-in answer, as GET /api/user returns it. */
export function toCurrentUser(response: SignInResponse): CurrentUser {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- dropped: what is left is the user
  const { needsOnboarding, customToken, ...user } = response;
  return user;
}

/**
 * Signs the Firebase client in with the custom token of a sign-in answer (this is the moment
 * firebase/auth is first downloaded). The answer also set the `__session` cookie, which is
 * what /api calls rely on, so a client-SDK failure is logged rather than fatal.
 */
export async function signInFirebaseClient(customToken: string): Promise<void> {
  try {
    const { signInWithCustomToken } = await loadFirebase();
    await signInWithCustomToken(customToken);
  } catch (error) {
    console.error('Firebase client sign-in failed; continuing with the session cookie.', error);
  }
}

/** POST /api/auth/verify, then the Firebase client sign-in. */
export async function verifyCode(input: VerifyInput): Promise<SignInResponse> {
  const { verifySchema } = await loadSignInRules();
  const response = await api.post<SignInResponse>('/api/auth/verify', verifySchema.parse(input));
  await signInFirebaseClient(response.customToken);
  markPasskeyOfferDue();
  track(response.needsOnboarding ? 'sign_up_code_verified' : 'sign_in_completed');
  return response;
}

/**
 * A mutation whose answer signs a person in (verify, admin login, Apple): once it succeeds,
 * the cached user is the one it answered.
 */
export function useSignInMutation<TInput, TResponse extends SignInResponse>(
  mutationFn: (input: TInput) => Promise<TResponse>,
  onSettled?: () => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (response) => {
      setLoggingOut(false);
      queryClient.setQueryData(userQueryKey, toCurrentUser(response));
    },
    onSettled,
  });
}

export function useVerify() {
  return useSignInMutation(verifyCode);
}
