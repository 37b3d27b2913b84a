import type { NextFunction, Request, Response } from 'express';
import type { DecodedIdToken } from 'firebase-admin/auth';
import { auth } from '../lib/firebase';
import { ApiError } from '../lib/http';
import { markActive } from '../features/admin/activity';

export const SESSION_COOKIE = '__session';

declare module 'express-serve-static-core' {
  interface Request {
    /** The caller's uid, from a verified token; never from the request body. */
    uid?: string;
  }
}

function readCookie(req: Request, name: string): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

/**
 * Verifies a bearer ID token or the session cookie (the cookie first when `cookieFirst`: the
 * admin session is the cookie the admin login set); revoked sessions are rejected.
 */
export async function verifiedToken(
  req: Request,
  { cookieFirst = false } = {},
): Promise<DecodedIdToken | undefined> {
  const header = req.headers.authorization;
  const cookie = readCookie(req, SESSION_COOKIE);
  try {
    if (cookie && cookieFirst) return await auth.verifySessionCookie(cookie, true);
    if (header?.startsWith('Bearer ')) {
      return await auth.verifyIdToken(header.slice(7), true);
    }
    if (cookie) {
      return await auth.verifySessionCookie(cookie, true);
    }
  } catch {
    return undefined;
  }
  return undefined;
}

/** The caller's uid from a verified, unrevoked token (see verifiedToken). */
export async function identify(req: Request): Promise<string | undefined> {
  return (await verifiedToken(req))?.uid;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cross-site request guard. The session cookie is SameSite=Strict, so browsers do not send
 * it cross-site; as a second line, a state-changing request whose Origin names another
 * host is refused.
 */
export function sameOriginOnly(req: Request, _res: Response, next: NextFunction): void {
  const origin = req.headers.origin;
  if (SAFE_METHODS.has(req.method) || !origin) return next();
  const host = (req.headers['x-forwarded-host'] as string | undefined) ?? req.headers.host;
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    return next(new ApiError(403, 'Cross-site requests are not allowed.'));
  }
  if (originHost !== host) return next(new ApiError(403, 'Cross-site requests are not allowed.'));
  next();
}

export async function requireUser(req: Request, _res: Response, next: NextFunction) {
  const uid = await identify(req);
  if (!uid) return next(new ApiError(401, 'Please sign in.'));
  req.uid = uid;
  await markActive(uid);
  next();
}

/** The uid set by requireUser; throws if a route forgot the middleware. */
export function callerId(req: Request): string {
  if (!req.uid) throw new ApiError(401, 'Please sign in.');
  return req.uid;
}
