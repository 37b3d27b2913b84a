import { loginSchema, type LoginInput, type SignInResponse } from '@moments/shared';
import { api } from '../../../lib/api-client';
import { signInFirebaseClient, useSignInMutation } from './verify';

export { loginSchema };
export type { LoginInput };

/**
 * POST /api/auth/admin/login (401 wrong credentials, 423 locked after repeated failures),
 * then the Firebase client sign-in, as after a phone code.
 */
export async function adminLogin(input: LoginInput): Promise<SignInResponse> {
  const response = await api.post<SignInResponse>(
    '/api/auth/admin/login',
    loginSchema.parse(input),
    {
      expectedStatuses: [401, 423],
    },
  );
  await signInFirebaseClient(response.customToken);
  return response;
}

export function useAdminLogin() {
  return useSignInMutation(adminLogin);
}
