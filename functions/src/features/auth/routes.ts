import { Router } from 'express';
import {
  checkUserSchema,
  loginSchema,
  onboardSchema,
  profileUpdateSchema,
  requestCodeSchema,
  signupSchema,
  verifySchema,
} from '@moments/shared';
import { Timestamp } from 'firebase-admin/firestore';
import { db } from '../../lib/firebase';
import { ApiError, handle, parseBody } from '../../lib/http';
import { clientKey, consume } from '../../lib/rate-limit';
import { callerId, identify, requireUser } from '../../middleware/auth';
import { checkCode, idTokenForCustomToken, PhoneCodeError, sendCode } from './identity-toolkit';
import { verifyPassword } from './passwords';
import { endSession, startSession } from './session';
import {
  ensureUserDoc,
  findUserByPhone,
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
    const existing = await findUserByPhone(phoneNumber);
    if (!isSignUp && !existing) throw new ApiError(404, 'No account found');
    await limitCodeRequests(phoneNumber, clientKey(req.headers['x-forwarded-for'], req.ip));
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
    const existing = await findUserByPhone(body.phoneNumber);
    // An account made from an invite link without a code is taken over by this sign-up.
    if (existing && !isUnverified(existing)) {
      throw new ApiError(409, 'This phone number is already registered. Try signing in instead.');
    }
    await limitCodeRequests(body.phoneNumber, clientKey(req.headers['x-forwarded-for'], req.ip));
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
      lastName: body.lastName,
      ...pictureUpdate(uid, body.profilePictureUrl),
      onboarded: true,
    });
    res.json(toCurrentUser(doc));
  }),
);

/** My Account: names, recovery email and picture. */
authRoutes.patch(
  '/user',
  requireUser,
  handle(async (req, res) => {
    const uid = callerId(req);
    const body = parseBody(profileUpdateSchema, req);
    const doc = await updateProfile(uid, {
      firstName: body.firstName,
      lastName: body.lastName,
      ...(body.email !== undefined ? { email: body.email || null } : {}),
      ...pictureUpdate(uid, body.profilePictureUrl),
    });
    res.json(toCurrentUser(doc));
  }),
);

/** Admin sign-in failures allowed before the account is locked, and for how long. */
export const ADMIN_LOCKOUT = { maxFailures: 5, lockMs: 15 * 60 * 1000 };

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
      .where('username', '==', username.toLowerCase())
      .limit(1)
      .get();
    const cred = found.docs[0];
    const invalid = new ApiError(401, 'Invalid username or password.');
    if (!cred) throw invalid;
    const lockedUntil = cred.get('lockedUntil') as Timestamp | null;
    if (lockedUntil && lockedUntil.toMillis() > Date.now()) {
      throw new ApiError(423, 'Too many failed attempts. Please try again in 15 minutes.');
    }
    if (!(await verifyPassword(password, cred.get('passwordHash')))) {
      const failures = ((cred.get('failedAttempts') as number) ?? 0) + 1;
      const locked = failures >= ADMIN_LOCKOUT.maxFailures;
      await cred.ref.update({
        failedAttempts: locked ? 0 : failures,
        lockedUntil: locked ? Timestamp.fromMillis(Date.now() + ADMIN_LOCKOUT.lockMs) : null,
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
