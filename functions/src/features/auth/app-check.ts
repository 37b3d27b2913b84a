// Firebase App Check on the calls that send an SMS, for production: with APP_CHECK_REQUIRED=true
// a code request must carry a valid App Check token (the web app gets one from reCAPTCHA
// Enterprise when VITE_APP_CHECK_SITE_KEY is set), so scripts cannot make the app send SMS.
// Off by default and always off under the emulators, which have no App Check service.
import { AUTH_SERVER_MESSAGES } from '@moments/shared';
import type { NextFunction, Request, Response } from 'express';
import { getAppCheck } from 'firebase-admin/app-check';
import { isEmulated } from '../../lib/firebase';
import { ApiError } from '../../lib/http';

export function appCheckRequired(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.APP_CHECK_REQUIRED === 'true' && env.FUNCTIONS_EMULATOR !== 'true' && !isEmulated;
}

export function requireAppCheck(req: Request, _res: Response, next: NextFunction): void {
  if (!appCheckRequired()) return next();
  const token = req.header('X-Firebase-AppCheck');
  if (!token) return next(new ApiError(401, AUTH_SERVER_MESSAGES.appCheckFailed));
  getAppCheck()
    .verifyToken(token)
    .then(() => next())
    .catch(() => next(new ApiError(401, AUTH_SERVER_MESSAGES.appCheckFailed)));
}
