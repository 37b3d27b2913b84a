// This browser's random key, kept in its HttpOnly `__session` cookie (`codeBrowser`): sign-in
// codes (./phone-codes) and passkey challenges (./passkeys) are bound to the browser that asked
// for them, and the key never leaves the cookie.
import { randomBytes } from 'node:crypto';
import type { Request, Response } from 'express';
import { readSessionCookie, writeSessionCookie } from '../../lib/session-cookie';

const BROWSER_KEY = /^[A-Za-z0-9_-]{32}$/;

/** The key of the browser asking, from its HttpOnly cookie, if it has a well-formed one. */
export function browserKeyOf(req: Request): string | undefined {
  const key = readSessionCookie(req).codeBrowser;
  return key && BROWSER_KEY.test(key) ? key : undefined;
}

/** The asking browser's key, made and set in its cookie (beside a session) on its first ask. */
export function browserKeyFor(req: Request, res: Response): string {
  const known = browserKeyOf(req);
  if (known) return known;
  const key = randomBytes(24).toString('base64url');
  writeSessionCookie(res, { ...readSessionCookie(req), codeBrowser: key });
  return key;
}
