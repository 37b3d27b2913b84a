import {
  loginSchema,
  type AdminPasskeyChallenge,
  type LoginInput,
  type SignInResponse,
} from '@moments/shared';
import { api } from '../../../lib/api-client';
import { loadPasskeys } from './passkey-sign-in';
import { signInFirebaseClient, useSignInMutation } from './verify';

export { loginSchema };
export type { LoginInput };

/**
 * POST /api/auth/admin/login (401 wrong credentials, 423 locked after repeated failures),
 * then the Firebase client sign-in, as after a phone code. An admin who has a passkey is asked
 * for it after the password (the server's challenge), and the passkey's answer signs in.
 */
export async function adminLogin(input: LoginInput): Promise<SignInResponse> {
  const answer = await api.post<SignInResponse | AdminPasskeyChallenge>(
    '/api/auth/admin/login',
    loginSchema.parse(input),
    {
      expectedStatuses: [401, 423],
    },
  );
  const response =
    'passkeyRequired' in answer
      ? await (await loadPasskeys()).confirmAdminWithPasskey(answer)
      : answer;
  await signInFirebaseClient(response.customToken);
  return response;
}

export function useAdminLogin() {
  return useSignInMutation(adminLogin);
}
