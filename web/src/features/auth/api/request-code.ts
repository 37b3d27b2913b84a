import { useMutation } from '@tanstack/react-query';
import type { RequestCodeInput } from '@moments/shared';
import { api } from '../../../lib/api-client';
import { tracked } from '../../../lib/analytics';
import { appCheckHeaders } from '../../../lib/app-check';
import { loadSignInRules } from '../utils/load-sign-in-rules';

export type { RequestCodeInput };

/** POST /api/auth/request-code: texts a 6-digit code to the number. */
export async function requestCode(input: RequestCodeInput): Promise<unknown> {
  const body = (await loadSignInRules()).requestCodeSchema.parse(input);
  return tracked(
    api.post('/api/auth/request-code', body, { headers: await appCheckHeaders() }),
    body.isSignUp ? 'sign_up_code_requested' : 'sign_in_code_requested',
  );
}

export function useRequestCode() {
  return useMutation({ mutationFn: requestCode });
}
