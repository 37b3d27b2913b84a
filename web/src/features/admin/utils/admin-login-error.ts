import { HttpError, REQUEST_ERRORS } from '@moments/shared';

// The spec shows no admin-login wording; these follow the server's answers.
export const ADMIN_LOGIN_ERRORS = {
  invalid: 'Invalid username or password.',
  locked: 'Too many failed attempts. Please try again later.',
  failed: 'Could not sign in. Please try again.',
} as const;

/**
 * The message a failed POST /api/auth/admin/login shows: wrong credentials (401), a locked
 * account (423, with the server's own wording of how long), too many tries (429), a server
 * failure (5xx), else a generic one.
 */
export function adminLoginError(error: unknown): string {
  const status = error instanceof HttpError ? error.status : undefined;
  if (status === 401) return ADMIN_LOGIN_ERRORS.invalid;
  if (status === 423) {
    return (error as HttpError).serverMessage ?? ADMIN_LOGIN_ERRORS.locked;
  }
  if (status === 429) return REQUEST_ERRORS.tooManyAttempts;
  if (status !== undefined && status >= 500) return REQUEST_ERRORS.server;
  return ADMIN_LOGIN_ERRORS.failed;
}
