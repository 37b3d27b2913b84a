import { Router } from 'express';
import { checkUserSchema, requestCodeSchema, verifySchema } from '@moments/shared';
import { Timestamp } from 'firebase-admin/firestore';
import { db } from '../../lib/firebase';
import { ApiError, handle, parseBody } from '../../lib/http';
import { clientKey, consume } from '../../lib/rate-limit';
import { callerId, identify, requireUser } from '../../middleware/auth';
import { checkCode, PhoneCodeError, sendCode } from './phone-codes';
import { endSession, startSession } from './session';
import { ensureUserDoc, findUserByPhone, toCurrentUser, users } from './users';

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
  await consume(`code-client-${client}`, CODE_LIMITS.perClient.limit, CODE_LIMITS.perClient.windowMs);
  await consume(`code-phone-${phoneNumber}`, CODE_LIMITS.perPhone.limit, CODE_LIMITS.perPhone.windowMs);
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
    await consume(`check-client-${clientKey(req.headers['x-forwarded-for'], req.ip)}`, 60, 3600_000);
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
    const userDoc = await ensureUserDoc(signedIn.uid, phoneNumber, pendingSignup);
    res.json(await startSession(res, signedIn.idToken, userDoc));
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
