import type { NextFunction, Request, Response } from 'express';
import { ADMIN_IDLE_MS, ADMIN_MESSAGES } from '@moments/shared';
import { Timestamp } from 'firebase-admin/firestore';
import { db } from '../lib/firebase';
import { ApiError } from '../lib/http';

/** adminSessions/{uid}_{auth_time}: when the admin session last made an admin call. */
export const adminSessions = db.collection('adminSessions');
/** A session's stamp is rewritten at most this often (one write a minute, not one a call). */
const STAMP_EVERY_MS = 60_000;

/**
 * After requireAdmin: refuses an admin session that made no admin call for ADMIN_IDLE_MS. The
 * login time (auth_time) tells the sessions of one admin apart; a session with no stamp yet
 * counts from its login.
 */
export async function endIdleAdminSession(req: Request, _res: Response, next: NextFunction) {
  try {
    const token = req.token;
    if (!token) throw new ApiError(401, ADMIN_MESSAGES.signInAsAdmin);
    const session = adminSessions.doc(`${token.uid}_${token.auth_time}`);
    const now = Date.now();
    const stamp = (await session.get()).get('lastActiveAt') as Timestamp | undefined;
    const lastActive = stamp?.toMillis() ?? token.auth_time * 1000;
    if (now - lastActive > ADMIN_IDLE_MS) throw new ApiError(401, ADMIN_MESSAGES.idle);
    if (!stamp || now - lastActive > STAMP_EVERY_MS) {
      await session.set({
        uid: token.uid,
        lastActiveAt: Timestamp.fromMillis(now),
        expiresAt: Timestamp.fromMillis(now + ADMIN_IDLE_MS),
      });
    }
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
