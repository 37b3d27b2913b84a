import type { AppleSignInState } from '@moments/shared';
import { api } from '../../../lib/api-client';

/**
 * POST /api/auth/apple/state: a state for one trip to Apple. The server also keeps it in this
 * browser's HttpOnly cookie and refuses the returning code unless both match, so a link with
 * someone else's code cannot sign this browser in.
 */
export async function startAppleSignIn(): Promise<string> {
  const { state } = await api.post<AppleSignInState>('/api/auth/apple/state', {});
  return state;
}
