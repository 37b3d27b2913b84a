import { Router, type Request } from 'express';
import {
  APPLE_SIGN_IN_ERRORS,
  appleSignInSchema,
  type AppleSignInConfig,
  type AppleSignInResponse,
  ADMIN_LOCK_MS,
  ADMIN_LOGIN_ERRORS,
  ADMIN_MAX_FAILED_LOGINS,
  checkUserSchema,
  loginSchema,
  NO_ACCOUNT_SERVER_TEXT,
  onboardSchema,
  profileUpdateSchema,
  requestCodeSchema,
  SIGNUP_ERRORS,
  signupSchema,
  verifySchema,
  type ClientTokenResponse,
} from '@moments/shared';
import { Timestamp } from 'firebase-admin/firestore';
import { db } from '../../lib/firebase';
import { ApiError, handle, parseBody } from '../../lib/http';
import { clientKey, consume } from '../../lib/rate-limit';
import { callerId, identify, requireUser } from '../../middleware/auth';
import {
  AppleSignInError,
  appleIdentityForCode,
  readAppleConfig,
  type AppleIdentity,
} from './apple';
import { checkCode, idTokenForCustomToken, PhoneCodeError, sendCode } from './identity-toolkit';
import { normalizeUsername, verifyPassword } from './passwords';
import { clientToken, endSession, startSession } from './session';
import {
  ensureUserDoc,
  findOrCreateAppleUser,
  findUserByPhone,
  hasActiveSubscription,
  isOwnPicture,
  toCurrentUser,
  updateProfile,
  users,
} from './users';
import { auth } from '../../lib/firebase';
import { confirmPhoneOwner, isUnverified, signupWithInvite } from '../sharing/signup';

/** How long a code may be used (Firebase's own sessions also expire). */
export const CODE_TTL_MS = 10 * 60 * 1000;
/** Wrong codes allowed before the code is discarded. */
export const MAX_CODE_ATTEMPTS = 5;
/** Code requests: per phone number, and per client address. */
export const CODE_LIMITS = {
  perPhone: { limit: 5, windowMs: 60 * 60 * 1000 },
  perClient: { limit: 30, windowMs: 60 * 60 * 1000 },
};

const verifications = db.collection('phoneVerifications');

export const authRoutes = Router();

async function limitCodeRequests(phoneNumber: string, client: string) {
  await consume(
    `code-client-${client}`,
    CODE_LIMITS.perClient.limit,
    CODE_LIMITS.perClient.windowMs,
  );
  await consume(
    `code-phone-${phoneNumber}`,
    CODE_LIMITS.perPhone.limit,
    CODE_LIMITS.perPhone.windowMs,
  );
}

async function sendCodeOrFail(phoneNumber: string, recaptchaToken?: string): Promise<string> {
  try {
    return await sendCode(phoneNumber, recaptchaToken);
  } catch (err) {
    if (err instanceof PhoneCodeError && err.reason.startsWith('TOO_MANY')) {
      throw new ApiError(429, 'Too many attempts. Please wait and try again later.');
    }
    if (err instanceof PhoneCodeError && err.reason.startsWith('INVALID_PHONE')) {
      throw new ApiError(400, 'Please enter a valid phone number in E.164 format (+1234567890).');
    }
    throw err;
  }
}

authRoutes.post(
  '/auth/check-user',
  handle(async (req, res) => {
    const { phoneNumber } = parseBody(checkUserSchema, req);
    await consume(
      `check-client-${clientKey(req.headers['x-forwarded-for'], req.ip)}`,
      60,
      3600_000,
    );
    if (!(await findUserByPhone(phoneNumber))) throw new ApiError(404, 'No account found');
    res.json({ exists: true });
  }),
);

authRoutes.post(
  '/auth/request-code',
  handle(async (req, res) => {
    const { phoneNumber, isSignUp, journalId, recaptchaToken } = parseBody(requestCodeSchema, req);
    // Limits first: the 404 below tells whether a number has an account, so asking must cost.
    await limitCodeRequests(phoneNumber, clientKey(req.headers['x-forwarded-for'], req.ip));
    if (!isSignUp && !(await findUserByPhone(phoneNumber))) {
      throw new ApiError(404, NO_ACCOUNT_SERVER_TEXT);
    }
    const sessionInfo = await sendCodeOrFail(phoneNumber, recaptchaToken);
    await verifications.doc(phoneNumber).set({
      sessionInfo,
      purpose: isSignUp ? 'signup' : 'signin',
      journalId: journalId ?? null,
      attempts: 0,
      expiresAt: Timestamp.fromMillis(Date.now() + CODE_TTL_MS),
    });
    res.json({ success: true, expiresInSeconds: CODE_TTL_MS / 1000 });
  }),
);

/**
 * Sign-up: refuses a registered number (409), keeps the form's fields with the code session
 * and sends the code; POST /auth/verify then creates the account with those fields.
 */
authRoutes.post(
  '/auth/signup',
  handle(async (req, res) => {
    // The invite flow's sign-up without a code: see sharing/signup.ts.
    if ((req.body as { skipVerification?: unknown } | undefined)?.skipVerification === true) {
      res.json(await signupWithInvite(req, res));
      return;
    }
    const body = parseBody(signupSchema, req);
    // Limits first, as for request-code: the 409 tells whether a number is registered.
    await limitCodeRequests(body.phoneNumber, clientKey(req.headers['x-forwarded-for'], req.ip));
    const existing = await findUserByPhone(body.phoneNumber);
    // An account made from an invite link without a code is taken over by this sign-up.
    if (existing && !isUnverified(existing)) {
      throw new ApiError(409, SIGNUP_ERRORS.alreadyRegistered);
    }
    const sessionInfo = await sendCodeOrFail(body.phoneNumber);
    await verifications.doc(body.phoneNumber).set({
      sessionInfo,
      purpose: 'signup',
      journalId: body.journalId ?? null,
      attempts: 0,
      expiresAt: Timestamp.fromMillis(Date.now() + CODE_TTL_MS),
      pendingSignup: {
        firstName: body.firstName,
        lastName: body.lastName,
        email: body.email || null,
        termsAccepted: body.termsAccepted,
      },
    });
    res.json({
      success: true,
      phoneNumber: body.phoneNumber,
      expiresInSeconds: CODE_TTL_MS / 1000,
    });
  }),
);

authRoutes.post(
  '/auth/verify',
  handle(async (req, res) => {
    const { phoneNumber, code } = parseBody(verifySchema, req);
    const ref = verifications.doc(phoneNumber);
    const pending = await ref.get();
    if (!pending.exists) {
      // Without a code there is nothing to check, but the 404 below tells whether a number has
      // an account: probing costs as asking for codes does (the code-request client limit).
      await consume(
        `verify-client-${clientKey(req.headers['x-forwarded-for'], req.ip)}`,
        CODE_LIMITS.perClient.limit,
        CODE_LIMITS.perClient.windowMs,
      );
      if (!(await findUserByPhone(phoneNumber))) {
        throw new ApiError(404, 'Phone number not found. Please sign up first.');
      }
      throw new ApiError(410, 'Verification code expired. Please request a new code.');
    }
    if ((pending.get('expiresAt') as Timestamp).toMillis() < Date.now()) {
      await ref.delete();
      throw new ApiError(410, 'Verification code expired. Please request a new code.');
    }
    let signedIn: { uid: string; idToken: string };
    try {
      signedIn = await checkCode(pending.get('sessionInfo'), code);
    } catch (err) {
      if (!(err instanceof PhoneCodeError)) throw err;
      if (err.reason === 'SESSION_EXPIRED' || err.reason === 'INVALID_SESSION_INFO') {
        await ref.delete();
        throw new ApiError(410, 'Verification code expired. Please request a new code.');
      }
      const attempts = (pending.get('attempts') as number) + 1;
      if (attempts >= MAX_CODE_ATTEMPTS) await ref.delete();
      else await ref.update({ attempts });
      throw new ApiError(401, 'Invalid verification code. Please try again.');
    }
    await ref.delete();
    const pendingSignup = pending.get('pendingSignup') ?? {};
    const idToken = await confirmPhoneOwner(signedIn.uid, signedIn.idToken, pendingSignup);
    const userDoc = await ensureUserDoc(signedIn.uid, phoneNumber, pendingSignup);
    res.json(await startSession(res, idToken, userDoc));
  }),
);

authRoutes.get(
  '/user',
  requireUser,
  handle(async (req, res) => {
    const doc = await users.doc(callerId(req)).get();
    if (!doc.exists) throw new ApiError(401, 'Please sign in.');
    res.setHeader('Cache-Control', 'private, no-store');
    res.json(toCurrentUser(doc));
  }),
);

/**
 * A fresh custom token for the session's user, for a Firebase client SDK that has no user
 * (its stored sign-in was cleared, or the sign-in answer's token never reached it): Firestore's
 * live reads need the SDK signed in, /api only the cookie. POST, so the cookie's
 * SameSite=Strict and sameOriginOnly keep other sites from asking.
 */
authRoutes.post(
  '/auth/client-token',
  requireUser,
  handle(async (req, res) => {
    const doc = await users.doc(callerId(req)).get();
    if (!doc.exists) throw new ApiError(401, 'Please sign in.');
    res.setHeader('Cache-Control', 'private, no-store');
    res.json({ customToken: await clientToken(doc) } satisfies ClientTokenResponse);
  }),
);

/** The picture part of a profile update; only the person's own upload is accepted. */
function pictureUpdate(uid: string, url: string | null | undefined) {
  if (url === undefined) return {};
  if (!isOwnPicture(uid, url)) {
    throw new ApiError(400, 'Upload the picture with POST /api/upload first.');
  }
  return { profilePictureUrl: url };
}

/** The onboarding profile form: names and an optional picture; marks onboarding done. */
authRoutes.post(
  '/auth/onboard',
  requireUser,
  handle(async (req, res) => {
    const uid = callerId(req);
    const body = parseBody(onboardSchema, req);
    const doc = await updateProfile(uid, {
      firstName: body.firstName,
      lastName: body.lastName || null,
      ...(body.email !== undefined ? { email: body.email || null } : {}),
      ...pictureUpdate(uid, body.profilePictureUrl),
      onboarded: true,
    });
    res.json(toCurrentUser(doc));
  }),
);

/** My Account: any of the names, the recovery email and the picture. */
authRoutes.patch(
  '/user',
  requireUser,
  handle(async (req, res) => {
    const uid = callerId(req);
    const body = parseBody(profileUpdateSchema, req);
    // Only what was sent changes: a picture-only or email-only update leaves the names alone.
    const doc = await updateProfile(uid, {
      ...(body.firstName !== undefined ? { firstName: body.firstName } : {}),
      ...(body.lastName !== undefined ? { lastName: body.lastName } : {}),
      ...(body.email !== undefined ? { email: body.email || null } : {}),
      ...pictureUpdate(uid, body.profilePictureUrl),
      ...(body.shareUsageData !== undefined ? { shareUsageData: body.shareUsageData } : {}),
    });
    res.json(toCurrentUser(doc));
  }),
);

authRoutes.post(
  '/auth/admin/login',
  handle(async (req, res) => {
    const { username, password } = parseBody(loginSchema, req);
    await consume(
      `admin-client-${clientKey(req.headers['x-forwarded-for'], req.ip)}`,
      30,
      3600_000,
    );
    const found = await db
      .collection('credentials')
      .where('username', '==', normalizeUsername(username))
      .limit(1)
      .get();
    const cred = found.docs[0];
    const invalid = new ApiError(401, ADMIN_LOGIN_ERRORS.invalid);
    if (!cred) throw invalid;
    const lockedUntil = cred.get('lockedUntil') as Timestamp | null;
    if (lockedUntil && lockedUntil.toMillis() > Date.now()) {
      throw new ApiError(423, ADMIN_LOGIN_ERRORS.locked);
    }
    if (!(await verifyPassword(password, cred.get('passwordHash')))) {
      const failures = ((cred.get('failedAttempts') as number) ?? 0) + 1;
      const locked = failures >= ADMIN_MAX_FAILED_LOGINS;
      await cred.ref.update({
        failedAttempts: locked ? 0 : failures,
        lockedUntil: locked ? Timestamp.fromMillis(Date.now() + ADMIN_LOCK_MS) : null,
      });
      throw invalid;
    }
    const userDoc = await users.doc(cred.id).get();
    if (userDoc.get('isAdmin') !== true) throw invalid;
    await cred.ref.update({ failedAttempts: 0, lockedUntil: null });
    const idToken = await idTokenForCustomToken(
      await auth.createCustomToken(cred.id, { admin: true }),
    );
    res.json(await startSession(res, idToken, userDoc));
  }),
);

/** The page Apple returns to; Apple checks that the token request names the same one. */
export const APPLE_CALLBACK_PATH = '/auth/apple-callback';

/** The app's origin as the browser sees it (behind Hosting, from the forwarded headers). */
function appOrigin(req: Request): string {
  if (req.headers.origin) return req.headers.origin;
  const host = (req.headers['x-forwarded-host'] as string | undefined) ?? req.headers.host;
  const proto = (req.headers['x-forwarded-proto'] as string | undefined)?.split(',')[0];
  return `${proto ?? req.protocol}://${host}`;
}

function appleConfigOrFail() {
  const config = readAppleConfig();
  if (!config) throw new ApiError(404, APPLE_SIGN_IN_ERRORS.notConfigured);
  return config;
}

/** What the sign-in page needs to send a person to Apple (404 when Apple is not set up). */
authRoutes.get(
  '/auth/apple/config',
  handle(async (_req, res) => {
    const { clientId, authorizeUrl } = appleConfigOrFail();
    res.json({ clientId, authorizeUrl } satisfies AppleSignInConfig);
  }),
);

/**
 * Sign in with Apple (SPEC section 7): trades the code, checks Apple's identity token, finds or
 * creates the account linked to it and starts a session exactly as phone verification does.
 * The state is checked by the browser that made it (a mismatch is only warned about, SPEC §4).
 */
authRoutes.post(
  '/auth/apple',
  handle(async (req, res) => {
    const { code } = parseBody(appleSignInSchema, req);
    const config = appleConfigOrFail();
    await consume(
      `apple-client-${clientKey(req.headers['x-forwarded-for'], req.ip)}`,
      30,
      3600_000,
    );
    let identity: AppleIdentity;
    try {
      identity = await appleIdentityForCode(config, code, appOrigin(req) + APPLE_CALLBACK_PATH);
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
    const isAdmin = userDoc.get('isAdmin') === true;
    const idToken = await idTokenForCustomToken(
      await auth.createCustomToken(userDoc.id, isAdmin ? { admin: true } : {}),
    );
    const session = await startSession(res, idToken, userDoc);
    res.json({
      ...session,
      hasSubscription: hasActiveSubscription(userDoc),
    } satisfies AppleSignInResponse);
  }),
);

// POST /api/logout is the fallback the client tries when /api/auth/logout fails (SPEC §7).
for (const path of ['/auth/logout', '/logout']) {
  authRoutes.post(
    path,
    handle(async (req, res) => {
      await endSession(res, await identify(req));
      res.json({ success: true });
    }),
  );
}
