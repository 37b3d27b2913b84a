import { useMutation } from '@tanstack/react-query';
import type { SignupInput } from '@moments/shared';
import { api } from '../../../lib/api-client';
import { tracked } from '../../../lib/analytics';
import { appCheckHeaders } from '../../../lib/app-check';
import { loadSignInRules } from '../utils/load-sign-in-rules';

export type { SignupInput };

/** The answer of POST /api/auth/signup: the code has been sent; verify creates the account. */
export interface SignupResponse {
  success: boolean;
  phoneNumber: string;
  expiresInSeconds: number;
}

/**
 * POST /api/auth/signup: keeps the form's fields with the code session and texts the code.
 * The account is created by POST /api/auth/verify (useVerify) with those fields.
 */
export async function signup(input: SignupInput): Promise<SignupResponse> {
  const { signupSchema } = await loadSignInRules();
  return tracked(
    api.post<SignupResponse>('/api/auth/signup', signupSchema.parse(input), {
      headers: await appCheckHeaders(),
    }),
    'sign_up_code_requested',
  );
}

export function useSignup() {
  return useMutation({ mutationFn: signup });
}
