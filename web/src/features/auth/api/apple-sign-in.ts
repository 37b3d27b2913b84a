import {
  appleSignInSchema,
  type AppleSignInInput,
  type AppleSignInResponse,
} from '@moments/shared';
import { api } from '../../../lib/api-client';
import { track } from '../../../lib/analytics';
import { forgetAppleSignIn, storedAppleState } from '../utils/apple';
import { markPasskeyOfferDue } from '../utils/passkey-offer';
import { signInFirebaseClient, useSignInMutation } from './verify';

/** POST /api/auth/apple with the code and state the provider returned. */
export async function appleSignIn(input: AppleSignInInput): Promise<AppleSignInResponse> {
  const body = appleSignInSchema.parse(input);
  const expected = storedAppleState();
  if (expected && body.state !== expected) {
    // The spec only warns about a mismatch; the code itself is checked with Apple.
    console.warn('Apple sign-in state does not match the one sent.');
  }
  const response = await api.post<AppleSignInResponse>('/api/auth/apple', body);
  await signInFirebaseClient(response.customToken);
  markPasskeyOfferDue();
  track('apple_sign_in_completed', { new_account: response.needsOnboarding });
  return response;
}

export function useAppleSignIn() {
  // The state has served its purpose once the code was tried, whatever the outcome.
  return useSignInMutation(appleSignIn, forgetAppleSignIn);
}
