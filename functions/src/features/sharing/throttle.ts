import type { Request } from 'express';
import { clientKey } from '../../lib/client-address';
import { consume } from '../../lib/rate-limit';
import { INVITE_TOKEN_LIMITS } from './limits';

/** Counts one use of an invite token by this client; 429 past INVITE_TOKEN_LIMITS. */
export async function limitInviteTokenUse(req: Request): Promise<void> {
  const { limit, windowMs } = INVITE_TOKEN_LIMITS.perClient;
  await consume('invite-client', clientKey(req), limit, windowMs);
}
