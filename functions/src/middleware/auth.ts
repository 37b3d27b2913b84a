import type { NextFunction, Request, Response } from 'express';
import type { DecodedIdToken } from 'firebase-admin/auth';
import type { DocumentSnapshot } from 'firebase-admin/firestore';
import { ADMIN_MESSAGES, AUTH_SERVER_MESSAGES } from '@moments/shared';
import { auth, db } from '../lib/firebase';
import { ApiError } from '../lib/http';
import { readSessionCookie } from '../lib/session-cookie';
import { adminSessionState } from '../lib/admin-claim';

declare module 'express-serve-static-core' {
  interface Request {
    /** The caller's uid, from a verified token; never from the request body. */
    uid?: string;
    /** The caller's verified token (session cookie or bearer ID token). */
    token?: DecodedIdToken;
    /** The admin's users document, read by requireAdmin. */
    adminDoc?: DocumentSnapshot;
  }
}

/** Verifies a bearer ID token or the session cookie; revoked sessions are rejected. */
export async function identify(req: Request): Promise<DecodedIdToken | undefined> {
  const header = req.headers.authorization;
  try {
    if (header?.startsWith('Bearer ')) return await auth.verifyIdToken(header.slice(7), true);
    const { session } = readSessionCookie(req);
    if (session) return await auth.verifySessionCookie(session, true);
  } catch {
    return undefined;
  }
  return undefined;
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
    return next(new ApiError(403, AUTH_SERVER_MESSAGES.crossSite));
  }
  if (originHost !== host) return next(new ApiError(403, AUTH_SERVER_MESSAGES.crossSite));
  next();
}

export async function requireUser(req: Request, _res: Response, next: NextFunction) {
  const token = await identify(req);
  if (!token) return next(new ApiError(401, AUTH_SERVER_MESSAGES.signIn));
  req.uid = token.uid;
  req.token = token;
  next();
}

/**
 * Admin-only routes: a live admin-login session (lib/admin-claim: the claim only the
 * admin login mints, at most an hour old, cookie or Bearer alike) of a person whose users doc
 * still says isAdmin. Demotion also revokes their sessions (setAdmin), so both checks agree at
 * once.
 */
export async function requireAdmin(req: Request, _res: Response, next: NextFunction) {
  try {
    const token = await identify(req);
    if (!token) return next(new ApiError(401, AUTH_SERVER_MESSAGES.signIn));
    const session = adminSessionState(token);
    if (session === 'ended') return next(new ApiError(401, ADMIN_MESSAGES.signInAsAdmin));
    const user = await db.collection('users').doc(token.uid).get();
    if (session !== 'live' || user.get('isAdmin') !== true) {
      return next(new ApiError(403, AUTH_SERVER_MESSAGES.adminOnly));
    }
    req.uid = token.uid;
    req.token = token;
    req.adminDoc = user;
    next();
  } catch (err) {
    next(err);
  }
}

/** The uid set by requireUser; throws if a route forgot the middleware. */
export function callerId(req: Request): string {
  if (!req.uid) throw new ApiError(401, AUTH_SERVER_MESSAGES.signIn);
  return req.uid;
}
