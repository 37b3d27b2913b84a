import type { NextFunction, Request, Response } from 'express';
import { ADMIN_IDLE_MS, ADMIN_MESSAGES } from '@moments/shared';
import { Timestamp } from 'firebase-admin/firestore';
import { db } from '../lib/firebase';
import { ApiError } from '../lib/http';
import { verifiedToken } from './auth';

/** adminSessions/{uid}_{auth_time}: when the admin session last made an admin call. */
export const adminSessions = db.collection('adminSessions');
/** A session's stamp is rewritten at most this often (one write a minute, not one a call). */
const STAMP_EVERY_MS = 60_000;

declare module 'express-serve-static-core' {
  interface Request {
    /** The admin's users document, set by requireAdmin. */
    adminDoc?: FirebaseFirestore.DocumentSnapshot;
  }
}

/**
 * Admin calls need the admin session that only POST /api/auth/admin/login grants: a verified,
 * unrevoked token with the `admin` claim (never set on the account, so an SMS or Apple
 * sign-in has none) AND users/{uid}.isAdmin still true. A session idle for longer than
 * ADMIN_IDLE_MS is refused; the login time (auth_time) tells sessions of one admin apart.
 */
export async function requireAdmin(req: Request, _res: Response, next: NextFunction) {
  try {
    const token = await verifiedToken(req, { cookieFirst: true });
    if (!token) throw new ApiError(401, ADMIN_MESSAGES.signInAsAdmin);
    if (token.admin !== true) throw new ApiError(403, ADMIN_MESSAGES.signInAsAdmin);
    const userDoc = await db.doc(`users/${token.uid}`).get();
    if (userDoc.get('isAdmin') !== true || userDoc.get('disabled') === true) {
      throw new ApiError(403, ADMIN_MESSAGES.signInAsAdmin);
    }
    const session = adminSessions.doc(`${token.uid}_${token.auth_time}`);
    const now = Date.now();
    const stamp = (await session.get()).get('lastActiveAt') as Timestamp | undefined;
    const lastActive = stamp?.toMillis() ?? token.auth_time * 1000;
    if (now - lastActive > ADMIN_IDLE_MS) throw new ApiError(401, ADMIN_MESSAGES.idle);
    if (now - lastActive > STAMP_EVERY_MS || !stamp) {
      await session.set({
        uid: token.uid,
        lastActiveAt: Timestamp.fromMillis(now),
        expiresAt: Timestamp.fromMillis(now + ADMIN_IDLE_MS),
      });
    }
    req.uid = token.uid;
    req.adminDoc = userDoc;
    next();
  } catch (err) {
    next(err);
  }
}

/** The admin's uid and users document, set by requireAdmin. */
export function adminCaller(req: Request) {
  if (!req.uid || !req.adminDoc) throw new ApiError(401, ADMIN_MESSAGES.signInAsAdmin);
  return { uid: req.uid, doc: req.adminDoc };
}
