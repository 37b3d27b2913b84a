// Sign-in codes by SMS: asking for one and checking it. Firebase Auth sends and checks the
// codes; this module keeps the rules around them in `phoneVerifications/{e164}`: how often a
// code may be asked for, that a pending code is never replaced, which browsers may try it and
// how many wrong tries each may make, each counted in a transaction before anything is compared.
// docs/security.md, "Sign-in limits, round two", says why.
import { AUTH_VALIDATION_MESSAGES, REQUEST_ERRORS, VERIFY_ERRORS } from '@moments/shared';
import { Timestamp } from 'firebase-admin/firestore';
import { hashKey } from '../../lib/client-address';
import { db, runHotTransaction } from '../../lib/firebase';
import { ApiError } from '../../lib/http';
import { consume } from '../../lib/rate-limit';
import { checkCode, PhoneCodeError, sendCode } from './identity-toolkit';
import type { NewUserFields } from './users';

/** How long a code may be used (Firebase's own sessions also expire). */
export const CODE_TTL_MS = 10 * 60 * 1000;
/**
 * Tries of one code: the browser whose request sent it has this many of its own; every other
 * browser that asked for it has this many per client address, out of MAX_SHARED_CODE_ATTEMPTS
 * that they share. So strangers cannot use up the sender's tries, and a code takes at most
 * MAX_CODE_ATTEMPTS + MAX_SHARED_CODE_ATTEMPTS guesses in all.
 */
export const MAX_CODE_ATTEMPTS = 5;
export const MAX_SHARED_CODE_ATTEMPTS = 10;
/** Browsers that may try one code besides its sender (each asked for it; bounds the document). */
export const MAX_CODE_BROWSERS = 20;
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
  /** The caller's browser key (session cookie's `codeBrowser`): only askers may try the code. */
  browser: string;
  purpose: CodePurpose;
  journalId?: string | null;
  /** The sign-up form's fields, used when this browser's code creates the account. */
  signup?: NewUserFields;
  recaptchaToken?: string;
}

/** What a pending code keeps of a browser that asked for it. */
interface CodeBrowser {
  client: string;
  signup: NewUserFields | null;
}

/** Counts one code request of this client for this number; 429 past CODE_LIMITS. */
export async function limitCodeRequests(phoneNumber: string, client: string): Promise<void> {
  const { perClient, perPhone } = CODE_LIMITS;
  await consume('code-client', client, perClient.limit, perClient.windowMs);
  await consume('code-phone', `${phoneNumber} ${client}`, perPhone.limit, perPhone.windowMs);
}

/**
 * Whether a pending code still stands: not expired, and its sender has tries left. Other
 * browsers' tries never end it, so nobody but the sender can make way for a new code.
 */
function isLive(data: FirebaseFirestore.DocumentData | undefined, now: number): boolean {
  return (
    !!data &&
    (data.expiresAt as Timestamp).toMillis() > now &&
    ((data.senderAttempts as number | undefined) ?? 0) < MAX_CODE_ATTEMPTS
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
 * person's code by asking again. Either way the asking browser may then try the code. A
 * sign-up's fields are kept per browser, so a second sign-up for the same number, even from the
 * same address, cannot change what the first person's code will create.
 */
export async function requestCode(request: CodeRequest): Promise<CodeRequestOutcome> {
  const ref = verifications.doc(request.phoneNumber);
  const browser = hashKey(request.browser);
  const claim = `${Date.now()}-${Math.random()}`;
  const outcome = await runHotTransaction(async (tx) => {
    const now = Date.now();
    const snap = await tx.get(ref);
    if (isLive(snap.data(), now)) {
      const browsers = (snap.get('browsers') as Record<string, CodeBrowser> | undefined) ?? {};
      const known = browsers[browser];
      if (known || Object.keys(browsers).length <= MAX_CODE_BROWSERS) {
        const entry: CodeBrowser = {
          client: request.client,
          signup: request.signup ?? known?.signup ?? null,
        };
        tx.update(ref, { [`browsers.${browser}`]: entry });
      }
      return { send: false, expiresAt: (snap.get('expiresAt') as Timestamp).toMillis() };
    }
    const expiresAt = now + CODE_TTL_MS;
    const sender: CodeBrowser = { client: request.client, signup: request.signup ?? null };
    tx.set(ref, {
      claim,
      sessionInfo: null,
      purpose: request.purpose,
      journalId: request.journalId ?? null,
      sender: browser,
      browsers: { [browser]: sender },
      // Every try; the sender's; and the others' per client address.
      attempts: 0,
      senderAttempts: 0,
      clientAttempts: {},
      expiresAt: Timestamp.fromMillis(expiresAt),
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
  | { status: 'unbound' }
  | {
      status: 'verified';
      uid: string;
      idToken: string;
      /** The sign-up fields this browser sent with its request, if any. */
      signup: NewUserFields;
    };

/**
 * Takes one try of the pending code for `browser` at `client`, or says why not. The sender
 * counts against its own MAX_CODE_ATTEMPTS; any other browser that asked counts against its
 * client address's MAX_CODE_ATTEMPTS and the shared MAX_SHARED_CODE_ATTEMPTS.
 */
function takeTry(
  data: FirebaseFirestore.DocumentData,
  browser: string,
  client: string,
): { update: Record<string, number> } | 'unbound' | 'usedUp' {
  const attempts = data.attempts as number;
  const senderAttempts = (data.senderAttempts as number | undefined) ?? 0;
  if (data.sender === browser) {
    if (senderAttempts >= MAX_CODE_ATTEMPTS) return 'usedUp';
    return { update: { attempts: attempts + 1, senderAttempts: senderAttempts + 1 } };
  }
  const browsers = (data.browsers as Record<string, CodeBrowser> | undefined) ?? {};
  if (!browsers[browser]) return 'unbound';
  const clientAttempts = (data.clientAttempts as Record<string, number> | undefined)?.[client] ?? 0;
  const sharedAttempts = attempts - senderAttempts;
  if (clientAttempts >= MAX_CODE_ATTEMPTS || sharedAttempts >= MAX_SHARED_CODE_ATTEMPTS) {
    return 'usedUp';
  }
  return {
    update: { attempts: attempts + 1, [`clientAttempts.${client}`]: clientAttempts + 1 },
  };
}

/**
 * Checks a code for a number from `browser` (its key) at `client` (its clientKey). The try is
 * counted (in a transaction) before the code is compared, so a burst of N parallel wrong codes
 * costs N tries; once the caller's tries are spent (takeTry), every later try of theirs, the
 * right code included, is refused with 410. A browser that did not ask for the pending code
 * cannot try it at all (`unbound`: nothing is counted). Answers `none` when no code is pending
 * (the caller decides what either tells), throws 401 / 410 otherwise.
 */
export async function verifyCode(
  phoneNumber: string,
  code: string,
  client: string,
  browserKey: string | undefined,
): Promise<CodeCheck> {
  const ref = verifications.doc(phoneNumber);
  const browser = browserKey ? hashKey(browserKey) : undefined;
  const expired = new ApiError(410, VERIFY_ERRORS.expired);
  const taken = await runHotTransaction(async (tx) => {
    const snap = await tx.get(ref);
    const data = snap.data();
    if (!data) return undefined;
    if ((data.expiresAt as Timestamp).toMillis() <= Date.now()) {
      tx.delete(ref);
      return 'expired' as const;
    }
    if (!browser) return 'unbound' as const;
    const tried = takeTry(data, browser, client);
    if (typeof tried === 'string') return tried;
    tx.update(ref, tried.update);
    const browsers = data.browsers as Record<string, CodeBrowser>;
    return {
      sessionInfo: (data.sessionInfo as string | null) ?? null,
      signup: browsers[browser]?.signup ?? {},
    };
  });
  if (taken === undefined) return { status: 'none' };
  if (taken === 'unbound') return { status: 'unbound' };
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
