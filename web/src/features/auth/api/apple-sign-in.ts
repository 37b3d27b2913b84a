import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  appleSignInSchema,
  type AppleSignInInput,
  type AppleSignInResponse,
} from '@moments/shared';
import { api } from '../../../lib/api-client';
import { loadFirebase } from '../../../lib/firebase-loader';
import { setLoggingOut } from '../utils/session';
import { userQueryKey } from './get-user';

/** Where the platform sign-in keeps the state it sent, to compare with apple_state. */
export const APPLE_STATE_KEY = 'appleSignInState';

/** POST /api/auth/apple with the code and state the provider returned (SPEC section 4). */
export async function appleSignIn(input: AppleSignInInput): Promise<AppleSignInResponse> {
  const body = appleSignInSchema.parse(input);
  const expected = localStorage.getItem(APPLE_STATE_KEY);
  if (expected && body.state !== expected) {
    // The spec only warns about a mismatch; the server decides.
    console.warn('Apple sign-in state does not match the one sent.');
  }
  const response = await api.post<AppleSignInResponse>('/api/auth/apple', body);
  try {
    const { signInWithCustomToken } = await loadFirebase();
    await signInWithCustomToken(response.customToken);
  } catch (error) {
    console.error('Firebase client sign-in failed; continuing with the session cookie.', error);
  }
  return response;
}

export function useAppleSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: appleSignIn,
    onSuccess: async () => {
      setLoggingOut(false);
      localStorage.removeItem(APPLE_STATE_KEY);
      await queryClient.invalidateQueries({ queryKey: userQueryKey });
    },
  });
}
