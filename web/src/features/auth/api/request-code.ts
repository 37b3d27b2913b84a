import { useMutation } from '@tanstack/react-query';
import { requestCodeSchema, type RequestCodeInput } from '@moments/shared';
import { api } from '../../../lib/api-client';

export { requestCodeSchema };
export type { RequestCodeInput };

/** POST /api/auth/request-code: texts a 6-digit code to the number. */
export function requestCode(input: RequestCodeInput): Promise<unknown> {
  return api.post('/api/auth/request-code', requestCodeSchema.parse(input));
}

export function useRequestCode() {
  return useMutation({ mutationFn: requestCode });
}
