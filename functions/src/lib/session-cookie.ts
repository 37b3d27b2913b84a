// The one cookie Firebase Hosting forwards to functions is `__session`, so it carries everything
// the server keeps in the browser: the Firebase session cookie (`s`), while Sign in with Apple
// is under way the digest of the state this browser was given (`a`), and once it has asked for a
// sign-in code the random key that binds codes to this browser (`c`). Both are HttpOnly
// and SameSite=Strict: no script reads them, and no other site's request carries them.
import type { Request, Response } from 'express';
import { isEmulated } from './firebase';

export const SESSION_COOKIE = '__session';
/** Firebase's maximum session-cookie lifetime; the cookie lives as long as its longest part. */
export const COOKIE_MAX_AGE_MS = 14 * 24 * 60 * 60 * 1000;

export interface SessionCookie {
  /** The Firebase session cookie. */
  session?: string;
  /** sha256 of the Apple sign-in state handed to this browser. */
  appleState?: string;
  /** This browser's key for sign-in codes (features/auth/phone-codes.ts). */
  codeBrowser?: string;
}

function rawCookie(req: Request): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === SESSION_COOKIE) return rest.join('=');
  }
  return undefined;
}

export function readSessionCookie(req: Request): SessionCookie {
  const raw = rawCookie(req);
  if (!raw) return {};
  let value: string;
  try {
    value = decodeURIComponent(raw);
  } catch {
    return {};
  }
  // A bare value is a session cookie on its own (a JWT has no '=').
  if (!value.includes('=')) return { session: value };
  const params = new URLSearchParams(value);
  return {
    session: params.get('s') ?? undefined,
    appleState: params.get('a') ?? undefined,
    codeBrowser: params.get('c') ?? undefined,
  };
}

/** Sets (or, with nothing in it, clears) the `__session` cookie. */
export function writeSessionCookie(res: Response, contents: SessionCookie): void {
  const params = new URLSearchParams();
  if (contents.session) params.set('s', contents.session);
  if (contents.appleState) params.set('a', contents.appleState);
  if (contents.codeBrowser) params.set('c', contents.codeBrowser);
  const value = params.toString();
  const maxAge = value ? COOKIE_MAX_AGE_MS / 1000 : 0;
  // Secure everywhere but the local emulators, which serve plain http.
  const secure = isEmulated ? '' : '; Secure';
  res.setHeader(
    'Set-Cookie',
    `${SESSION_COOKIE}=${encodeURIComponent(value)}; Max-Age=${maxAge}; Path=/; HttpOnly; SameSite=Strict${secure}`,
  );
}
