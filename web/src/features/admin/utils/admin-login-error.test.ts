import { HttpError, REQUEST_ERRORS } from '@moments/shared';
import { describe, expect, it } from 'vitest';
import { ADMIN_LOGIN_ERRORS, adminLoginError } from './admin-login-error';

const answer = (status: number, message?: string) =>
  new HttpError(status, message ? JSON.stringify({ message }) : '');

describe('adminLoginError', () => {
  it('says the credentials are wrong on a 401', () => {
    expect(adminLoginError(answer(401, 'Please sign in.'))).toBe(ADMIN_LOGIN_ERRORS.invalid);
  });

  it("shows the server's lock-out message on a 423, with a fallback", () => {
    const locked = 'Too many failed attempts. Please try again in 15 minutes.';
    expect(adminLoginError(answer(423, locked))).toBe(locked);
    expect(adminLoginError(answer(423))).toBe(ADMIN_LOGIN_ERRORS.locked);
  });

  it('maps 429 and 5xx like the other sign-in errors', () => {
    expect(adminLoginError(answer(429))).toBe(REQUEST_ERRORS.tooManyAttempts);
    expect(adminLoginError(answer(503))).toBe(REQUEST_ERRORS.server);
  });

  it('falls back to a generic message, also when no answer came', () => {
    expect(adminLoginError(answer(400))).toBe(ADMIN_LOGIN_ERRORS.failed);
    expect(adminLoginError(new TypeError('Failed to fetch'))).toBe(ADMIN_LOGIN_ERRORS.failed);
  });
});
