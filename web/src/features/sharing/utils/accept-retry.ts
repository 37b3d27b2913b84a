// Accept-invite is tried up to 3 times, waiting 0.5 s after an answer that is
// not a success and 1 s after a failed request.
import {
  ACCEPT_INVITE_ERROR_WAIT_MS,
  ACCEPT_INVITE_MAX_ATTEMPTS,
  ACCEPT_INVITE_RETRY_WAIT_MS,
  type AcceptInviteResponse,
} from '@moments/shared';

export interface RetryPolicy {
  maxAttempts: number;
  /** After an answer with success false. */
  retryWaitMs: number;
  /** After a request that failed (network, 4xx, 5xx). */
  errorWaitMs: number;
  sleep: (ms: number) => Promise<void>;
}

export const ACCEPT_INVITE_POLICY: RetryPolicy = {
  maxAttempts: ACCEPT_INVITE_MAX_ATTEMPTS,
  retryWaitMs: ACCEPT_INVITE_RETRY_WAIT_MS,
  errorWaitMs: ACCEPT_INVITE_ERROR_WAIT_MS,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** The last attempt's result: an answer (successful or not), or the error of a failed request. */
export type AcceptResult =
  | { kind: 'answer'; response: AcceptInviteResponse; attempts: number }
  | { kind: 'error'; error: unknown; attempts: number };

/** Calls `attempt` until it answers success, at most `maxAttempts` times. Never throws. */
export async function acceptWithRetry(
  attempt: () => Promise<AcceptInviteResponse>,
  policy: RetryPolicy = ACCEPT_INVITE_POLICY,
): Promise<AcceptResult> {
  let last: AcceptResult | undefined;
  for (let n = 1; n <= policy.maxAttempts; n += 1) {
    let wait: number;
    try {
      const response = await attempt();
      last = { kind: 'answer', response, attempts: n };
      if (response.success) return last;
      wait = policy.retryWaitMs;
    } catch (error) {
      last = { kind: 'error', error, attempts: n };
      wait = policy.errorWaitMs;
    }
    if (n < policy.maxAttempts) await policy.sleep(wait);
  }
  // maxAttempts >= 1, so at least one attempt ran.
  return last ?? { kind: 'error', error: new Error('No attempt was made'), attempts: 0 };
}
