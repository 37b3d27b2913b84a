// Sign-in codes by SMS: asking for one and checking it. Firebase Auth sends and checks the
// codes; this module keeps the rules around them in `phoneVerifications/{e164}`: how often a
// code may be asked for, that a pending code is never replaced, and how many wrong tries a code
// allows, each counted in a transaction before anything is compared.
import { AUTH_VALIDATION_MESSAGES, REQUEST_ERRORS, VERIFY_ERRORS } from '@moments/shared';
import { Timestamp } from 'firebase-admin/firestore';
import { db, runHotTransaction } from '../../lib/firebase';
import { ApiError } from '../../lib/http';
import { consume } from '../../lib/rate-limit';
import { checkCode, PhoneCodeError, sendCode } from './identity-toolkit';
import type { NewUserFields } from './users';

/** How long a code may be used (Firebase's own sessions also expire). */
export const CODE_TTL_MS = 10 * 60 * 1000;
/** Wrong codes allowed before the code is used up. */
export const MAX_CODE_ATTEMPTS = 5;
/**
 * Code requests: per client address, and per number from one client address (so a stranger
 * asking for someone's number cannot use up the owner's allowance on the owner's own network).
 */
export const CODE_LIMITS = {
  perPhone: { limit: 5, windowMs: 60 * 60 * 1000 },
  perClient: { limit: 30, windowMs: 60 * 60 * 1000 },
};

const verifications = db.collection('phoneVerifications');

export type CodePurpose = 'signin' | 'signup';

export interface CodeRequest {
  phoneNumber: string;
  /** clientKey() of the caller. */
  client: string;
  purpose: CodePurpose;
  journalId?: string | null;
  /** The sign-up form's fields, used when this client's code creates the account. */
  signup?: NewUserFields;
  recaptchaToken?: string;
}

/** Counts one code request of this client for this number; 429 past CODE_LIMITS. */
export async function limitCodeRequests(phoneNumber: string, client: string): Promise<void> {
  const { perClient, perPhone } = CODE_LIMITS;
  await consume('code-client', client, perClient.limit, perClient.windowMs);
  await consume('code-phone', `${phoneNumber} ${client}`, perPhone.limit, perPhone.windowMs);
}

function isLive(data: FirebaseFirestore.DocumentData | undefined, now: number): boolean {
  return (
    !!data &&
    (data.expiresAt as Timestamp).toMillis() > now &&
    (data.attempts as number) < MAX_CODE_ATTEMPTS
  );
}

/** What a code request did: sent a code, or left a pending one (sent at `sentAt`) as it is. */
export interface CodeRequestOutcome {
  sent: boolean;
  /** Epoch milliseconds. */
  sentAt: number;
  expiresAt: number;
}

/**
 * Sends a code, unless one is pending for the number: then nothing is sent and the answer is
 * when that code was sent and until when it works, so nobody can replace (and so cancel) another
 * person's code by asking again. A sign-up's fields are kept per client, so a second sign-up for
 * the same number from elsewhere cannot change what the first person's code will create.
 */
export async function requestCode(request: CodeRequest): Promise<CodeRequestOutcome> {
  const ref = verifications.doc(request.phoneNumber);
  const claim = `${Date.now()}-${Math.random()}`;
  const outcome = await runHotTransaction(async (tx) => {
    const now = Date.now();
    const snap = await tx.get(ref);
    const signupField = request.signup
      ? { [`pendingSignups.${request.client}`]: request.signup }
      : {};
    if (isLive(snap.data(), now)) {
      if (request.signup) tx.update(ref, signupField);
      return { send: false, expiresAt: (snap.get('expiresAt') as Timestamp).toMillis() };
    }
    const expiresAt = now + CODE_TTL_MS;
    tx.set(ref, {
      claim,
      sessionInfo: null,
      purpose: request.purpose,
      journalId: request.journalId ?? null,
      attempts: 0,
      expiresAt: Timestamp.fromMillis(expiresAt),
      pendingSignups: request.signup ? { [request.client]: request.signup } : {},
    });
    return { send: true, expiresAt };
  });
  if (outcome.send) {
    try {
      const sessionInfo = await sendCodeOrFail(request.phoneNumber, request.recaptchaToken);
      await ref.update({ sessionInfo });
    } catch (err) {
      // Nothing was sent: let the next request try again.
      await db.runTransaction(async (tx) => {
        const snap = await tx.get(ref);
        if (snap.get('claim') === claim) tx.delete(ref);
      });
      throw err;
    }
  }
  // Every code works for CODE_TTL_MS from when it was sent.
  return {
    sent: outcome.send,
    sentAt: outcome.expiresAt - CODE_TTL_MS,
    expiresAt: outcome.expiresAt,
  };
}

async function sendCodeOrFail(phoneNumber: string, recaptchaToken?: string): Promise<string> {
  try {
    return await sendCode(phoneNumber, recaptchaToken);
  } catch (err) {
    if (err instanceof PhoneCodeError && err.reason.startsWith('TOO_MANY')) {
      throw new ApiError(429, REQUEST_ERRORS.tooManyAttempts);
    }
    if (err instanceof PhoneCodeError && err.reason.startsWith('INVALID_PHONE')) {
      throw new ApiError(400, AUTH_VALIDATION_MESSAGES.phoneE164);
    }
    throw err;
  }
}

export type CodeCheck =
  | { status: 'none' }
  | {
      status: 'verified';
      uid: string;
      idToken: string;
      /** The sign-up fields this client sent with the request, if any. */
      signup: NewUserFields;
    };

/**
 * Checks a code for a number. The try is counted (in a transaction) before the code is
 * compared, so a burst of N parallel wrong codes costs N tries, and once MAX_CODE_ATTEMPTS are
 * spent every later try, the right code included, is refused with 410. Answers `none` when no
 * code is pending (the caller decides what that tells), throws 401 / 410 otherwise.
 */
export async function verifyCode(
  phoneNumber: string,
  code: string,
  client: string,
): Promise<CodeCheck> {
  const ref = verifications.doc(phoneNumber);
  const expired = new ApiError(410, VERIFY_ERRORS.expired);
  const taken = await runHotTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (!snap.exists) return undefined;
    if ((snap.get('expiresAt') as Timestamp).toMillis() <= Date.now()) {
      tx.delete(ref);
      return 'expired' as const;
    }
    const attempts = snap.get('attempts') as number;
    if (attempts >= MAX_CODE_ATTEMPTS) return 'usedUp' as const;
    tx.update(ref, { attempts: attempts + 1 });
    return {
      sessionInfo: snap.get('sessionInfo') as string | null,
      signup: (snap.get(`pendingSignups.${client}`) as NewUserFields | undefined) ?? {},
    };
  });
  if (taken === undefined) return { status: 'none' };
  if (taken === 'expired' || taken === 'usedUp') throw expired;
  if (!taken.sessionInfo) throw new ApiError(401, VERIFY_ERRORS.invalidCode);
  let signedIn: { uid: string; idToken: string };
  try {
    signedIn = await checkCode(taken.sessionInfo, code);
  } catch (err) {
    if (!(err instanceof PhoneCodeError)) throw err;
    if (err.reason === 'SESSION_EXPIRED' || err.reason === 'INVALID_SESSION_INFO') {
      await ref.delete();
      throw expired;
    }
    throw new ApiError(401, VERIFY_ERRORS.invalidCode);
  }
  await ref.delete();
  return { status: 'verified', ...signedIn, signup: taken.signup };
}
