// Sign in with Apple by code exchange: the button asks for a state (bound to this browser by the
// HttpOnly session cookie), Apple returns the code with it, and POST /auth/apple checks both
// before starting a session. Apple's side is in ./apple; accounts in ./users.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import {
  APPLE_SIGN_IN_ERRORS,
  AUTH_SERVER_MESSAGES,
  appleSignInSchema,
  type AppleSignInConfig,
  type AppleSignInResponse,
  type AppleSignInState,
} from '@moments/shared';
import { Router } from 'express';
import { appOrigin } from '../../lib/app-origin';
import { clientKey, hashKey } from '../../lib/client-address';
import { auth } from '../../lib/firebase';
import { ApiError, handle, parseBody } from '../../lib/http';
import { consume } from '../../lib/rate-limit';
import { readSessionCookie, writeSessionCookie } from '../../lib/session-cookie';
import {
  AppleSignInError,
  appleIdentityForCode,
  readAppleConfig,
  type AppleIdentity,
} from './apple';
import { idTokenForCustomToken } from './identity-toolkit';
import { startSession } from './session';
import { hasSubscription } from '../../lib/subscription';
import { findOrCreateAppleUser } from './users';

/** The page Apple returns to; Apple checks that the token request names the same one. */
export const APPLE_CALLBACK_PATH = '/auth/apple-callback';
/** Apple sign-ins per client address per hour. */
export const APPLE_CLIENT_LIMIT = { limit: 30, windowMs: 60 * 60 * 1000 };

export const appleRoutes = Router();

function appleConfigOrFail() {
  const config = readAppleConfig();
  if (!config) throw new ApiError(404, APPLE_SIGN_IN_ERRORS.notConfigured);
  return config;
}

/** Whether `state` is the one this browser was given (the cookie keeps its digest). */
function isThisBrowsersState(stored: string | undefined, state: string | undefined): boolean {
  if (!stored || !state) return false;
  const expected = Buffer.from(stored);
  const actual = Buffer.from(hashKey(state));
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** What the sign-in page needs to send a person to Apple (404 when Apple is not set up). */
appleRoutes.get(
  '/auth/apple/config',
  handle(async (_req, res) => {
    const { clientId, authorizeUrl } = appleConfigOrFail();
    res.json({ clientId, authorizeUrl } satisfies AppleSignInConfig);
  }),
);

/**
 * A fresh state for one trip to Apple, remembered (as a digest) in this browser's HttpOnly
 * cookie: only this browser can complete the sign-in it starts, so a link carrying someone
 * else's code cannot sign a browser in to their account.
 */
appleRoutes.post(
  '/auth/apple/state',
  handle(async (req, res) => {
    appleConfigOrFail();
    const state = randomBytes(24).toString('base64url');
    writeSessionCookie(res, { ...readSessionCookie(req), appleState: hashKey(state) });
    res.setHeader('Cache-Control', 'private, no-store');
    res.json({ state } satisfies AppleSignInState);
  }),
);

/**
 * Sign in with Apple: checks the state against this browser's, trades the code, checks Apple's
 * identity token, finds or creates the account linked to it and starts a session exactly as
 * phone verification does (an ordinary session, whatever the account's admin rights).
 */
appleRoutes.post(
  '/auth/apple',
  handle(async (req, res) => {
    const { code, state } = parseBody(appleSignInSchema, req);
    const config = appleConfigOrFail();
    const { limit, windowMs } = APPLE_CLIENT_LIMIT;
    await consume('apple-client', clientKey(req), limit, windowMs);
    if (!isThisBrowsersState(readSessionCookie(req).appleState, state)) {
      throw new ApiError(401, AUTH_SERVER_MESSAGES.appleStateMismatch);
    }
    let identity: AppleIdentity;
    try {
      identity = await appleIdentityForCode(config, code, appOrigin() + APPLE_CALLBACK_PATH);
    } catch (err) {
      if (!(err instanceof AppleSignInError)) throw err;
      console.warn(`Sign in with Apple refused (${err.stage}): ${err.message}`);
      throw new ApiError(
        401,
        err.stage === 'exchange'
          ? APPLE_SIGN_IN_ERRORS.exchangeFailed
          : APPLE_SIGN_IN_ERRORS.tokenInvalid,
      );
    }
    const userDoc = await findOrCreateAppleUser(identity.sub, identity.email);
    const idToken = await idTokenForCustomToken(await auth.createCustomToken(userDoc.id));
    const session = await startSession(res, idToken, userDoc);
    res.json({
      ...session,
      hasSubscription: hasSubscription(userDoc),
    } satisfies AppleSignInResponse);
  }),
);
