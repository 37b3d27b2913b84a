import { useMutation } from '@tanstack/react-query';
import { requestCodeSchema, type RequestCodeInput } from '@moments/shared';
import { api } from '../../../lib/api-client';
import { appCheckHeaders } from '../../../lib/app-check';

export { requestCodeSchema };
export type { RequestCodeInput };

/** POST /api/auth/request-code: texts a 6-digit code to the number. */
export async function requestCode(input: RequestCodeInput): Promise<unknown> {
  return api.post('/api/auth/request-code', requestCodeSchema.parse(input), {
    headers: await appCheckHeaders(),
  });
}

export function useRequestCode() {
  return useMutation({ mutationFn: requestCode });
}
