// The phone-code flow: check a number, ask for a code (sign-in or sign-up), verify it. Routes
// parse, call ./phone-codes and ./unverified-accounts, and answer.
import {
  ACCOUNT_DISABLED_MESSAGE,
  checkUserSchema,
  NO_ACCOUNT_SERVER_TEXT,
  type CodeRequestAnswer,
  requestCodeSchema,
  SIGNUP_ERRORS,
  type SignupAnswer,
  signupSchema,
  verifySchema,
  VERIFY_ERRORS,
} from '@moments/shared';
import { randomBytes } from 'node:crypto';
import { Router, type Request, type Response } from 'express';
import { clientKey } from '../../lib/client-address';
import { ApiError, handle, parseBody } from '../../lib/http';
import { consume } from '../../lib/rate-limit';
import { readSessionCookie, writeSessionCookie } from '../../lib/session-cookie';
import { identify } from '../../middleware/auth';
import { requireAppCheck } from './app-check';
import {
  CODE_LIMITS,
  limitCodeRequests,
  requestCode,
  verifyCode,
  type CodeRequestOutcome,
} from './phone-codes';
import { startSession } from './session';
import { accountForProvenPhone, isUnverified } from './unverified-accounts';
import { findUserByPhone } from './users';

export const codeRoutes = Router();

const BROWSER_KEY = /^[A-Za-z0-9_-]{32}$/;

/** The key of the browser asking, from its HttpOnly cookie, if it has a well-formed one. */
export function browserKeyOf(req: Request): string | undefined {
  const key = readSessionCookie(req).codeBrowser;
  return key && BROWSER_KEY.test(key) ? key : undefined;
}

/**
 * The asking browser's key, made and set in its cookie on its first code request: only browsers
 * that asked for a pending code may try it (./phone-codes), and the key never leaves the cookie.
 */
export function browserKeyFor(req: Request, res: Response): string {
  const known = browserKeyOf(req);
  if (known) return known;
  const key = randomBytes(24).toString('base64url');
  writeSessionCookie(res, { ...readSessionCookie(req), codeBrowser: key });
  return key;
}

/** Says whether a code was sent and, either way, when the pending code was sent and until when. */
function codeRequestAnswer({ sent, sentAt, expiresAt }: CodeRequestOutcome): CodeRequestAnswer {
  return {
    success: true,
    codeSent: sent,
    sentAt: new Date(sentAt).toISOString(),
    expiresAt: new Date(expiresAt).toISOString(),
    expiresInSeconds: Math.max(1, Math.round((expiresAt - Date.now()) / 1000)),
  };
}

codeRoutes.post(
  '/auth/check-user',
  handle(async (req, res) => {
    const { phoneNumber } = parseBody(checkUserSchema, req);
    await consume('check-client', clientKey(req), 60, 3600_000);
    if (!(await findUserByPhone(phoneNumber))) throw new ApiError(404, NO_ACCOUNT_SERVER_TEXT);
    res.json({ exists: true });
  }),
);

codeRoutes.post(
  '/auth/request-code',
  requireAppCheck,
  handle(async (req, res) => {
    const { phoneNumber, isSignUp, journalId, recaptchaToken } = parseBody(requestCodeSchema, req);
    const client = clientKey(req);
    // Limits first: the 404 below tells whether a number has an account, so asking must cost.
    await limitCodeRequests(phoneNumber, client);
    const account = isSignUp ? undefined : await findUserByPhone(phoneNumber);
    if (!isSignUp && !account) throw new ApiError(404, NO_ACCOUNT_SERVER_TEXT);
    // An admin disabled the account: say so before any SMS is sent.
    if (account?.get('disabled') === true) throw new ApiError(403, ACCOUNT_DISABLED_MESSAGE);
    const outcome = await requestCode({
      phoneNumber,
      client,
      browser: browserKeyFor(req, res),
      purpose: isSignUp ? 'signup' : 'signin',
      journalId,
      recaptchaToken,
    });
    res.json(codeRequestAnswer(outcome));
  }),
);

/**
 * Sign-up: refuses a registered number (409), keeps the form's fields with the code request
 * and sends the code; POST /auth/verify then creates the account with those fields. The invite
 * flow's sign-up without a code (skipVerification) is the sharing feature's: passed on.
 */
codeRoutes.post(
  '/auth/signup',
  (req, _res, next) => {
    const body = req.body as { skipVerification?: unknown } | undefined;
    next(body?.skipVerification === true ? 'route' : undefined);
  },
  requireAppCheck,
  handle(async (req, res) => {
    const body = parseBody(signupSchema, req);
    const client = clientKey(req);
    // Limits first, as for request-code: the 409 tells whether a number is registered.
    await limitCodeRequests(body.phoneNumber, client);
    const existing = await findUserByPhone(body.phoneNumber);
    // A number only named by an invite-link account is free: a verified sign-up gets its own.
    if (existing && !isUnverified(existing)) {
      throw new ApiError(409, SIGNUP_ERRORS.alreadyRegistered);
    }
    const outcome = await requestCode({
      phoneNumber: body.phoneNumber,
      client,
      browser: browserKeyFor(req, res),
      purpose: 'signup',
      journalId: body.journalId,
      signup: {
        firstName: body.firstName,
        lastName: body.lastName,
        email: body.email || null,
        termsAccepted: body.termsAccepted,
      },
    });
    res.json({
      ...codeRequestAnswer(outcome),
      phoneNumber: body.phoneNumber,
    } satisfies SignupAnswer);
  }),
);

codeRoutes.post(
  '/auth/verify',
  handle(async (req, res) => {
    const { phoneNumber, code } = parseBody(verifySchema, req);
    const client = clientKey(req);
    const checked = await verifyCode(phoneNumber, code, client, browserKeyOf(req));
    if (checked.status === 'none' || checked.status === 'unbound') {
      // Nothing this browser may check, but the 404 below tells whether a number has an
      // account: probing costs as asking for codes does (the code-request client limit). A code
      // pending for other browsers is left untouched; asking for it lets this one try it.
      const { limit, windowMs } = CODE_LIMITS.perClient;
      await consume('verify-client', client, limit, windowMs);
      if (checked.status === 'none' && !(await findUserByPhone(phoneNumber))) {
        throw new ApiError(404, VERIFY_ERRORS.notFound);
      }
      throw new ApiError(410, VERIFY_ERRORS.expired);
    }
    const { idToken, userDoc } = await accountForProvenPhone(
      checked,
      phoneNumber,
      checked.signup,
      await identify(req),
    );
    res.json(await startSession(res, idToken, userDoc));
  }),
);
