import { checkUserSchema, failedStatus, type CheckUserInput } from '@moments/shared';
import { api } from '../../../lib/api-client';
import type { PhoneCheck } from '../utils/invite-outcome';

/** POST /api/auth/check-user: 200 an account exists, 404 none; anything else failed. */
export async function checkUser(input: CheckUserInput): Promise<PhoneCheck> {
  try {
    await api.post('/api/auth/check-user', checkUserSchema.parse(input), {
      expectedStatuses: [404],
    });
    return 'exists';
  } catch (error) {
    if (failedStatus(error) === 404) return 'unknown';
    return 'failed';
  }
}
