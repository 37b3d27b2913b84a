import { useMutation } from '@tanstack/react-query';
import type { SignupInput } from '@moments/shared';
import { api } from '../../../lib/api-client';
import { tracked } from '../../../lib/analytics';
import { appCheckHeaders } from '../../../lib/app-check';
import { loadSignInRules } from '../utils/load-sign-in-rules';
import { pendingCodeOf, type PendingCode } from './request-code';
import { oneCookieWriteAtATime } from '../utils/one-cookie-write';

export type { SignupInput };

/**
 * POST /api/auth/signup: keeps the form's fields with the code session and texts the code,
 * unless one is pending for the number (answered then, as request-code does). The account is
 * created by POST /api/auth/verify (useVerify) with those fields.
 */
export async function signup(input: SignupInput): Promise<PendingCode | undefined> {
  const { signupSchema } = await loadSignInRules();
  const answer = await tracked(
    oneCookieWriteAtATime(async () =>
      api.post<unknown>('/api/auth/signup', signupSchema.parse(input), {
        headers: await appCheckHeaders(),
      }),
    ),
    'sign_up_code_requested',
  );
  return pendingCodeOf(answer);
}

export function useSignup() {
  return useMutation({ mutationFn: signup });
}
