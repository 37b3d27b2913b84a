import { useMutation } from '@tanstack/react-query';
import type { RequestCodeInput } from '@moments/shared';
import { api } from '../../../lib/api-client';
import { tracked } from '../../../lib/analytics';
import { appCheckHeaders } from '../../../lib/app-check';
import { loadSignInRules } from '../utils/load-sign-in-rules';
import { oneCookieWriteAtATime } from '../utils/one-cookie-write';

export type { RequestCodeInput };

/** A code that was still pending when another was asked for: none was sent, and it still works. */
export interface PendingCode {
  /** ISO 8601. */
  sentAt: string;
  expiresAt: string;
}

/**
 * The pending code a code request's answer (request-code's or sign-up's) tells of when it sent
 * nothing. The answer is read with its schema; one that does not match loses only this note,
 * never the sign-in.
 */
export async function pendingCodeOf(answer: unknown): Promise<PendingCode | undefined> {
  const parsed = (await loadSignInRules()).codeRequestAnswerSchema.safeParse(answer);
  if (!parsed.success || parsed.data.codeSent) return undefined;
  return { sentAt: parsed.data.sentAt, expiresAt: parsed.data.expiresAt };
}

/**
 * POST /api/auth/request-code: texts a 6-digit code to the number, unless one is pending. Answers
 * that pending code (sent nothing), or undefined (a new code is on its way).
 */
export async function requestCode(input: RequestCodeInput): Promise<PendingCode | undefined> {
  const body = (await loadSignInRules()).requestCodeSchema.parse(input);
  const answer = await tracked(
    oneCookieWriteAtATime(async () =>
      api.post<unknown>('/api/auth/request-code', body, { headers: await appCheckHeaders() }),
    ),
    body.isSignUp ? 'sign_up_code_requested' : 'sign_in_code_requested',
  );
  return pendingCodeOf(answer);
}

export function useRequestCode() {
  return useMutation({ mutationFn: requestCode });
}
