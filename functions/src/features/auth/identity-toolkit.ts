// Firebase Auth's REST API (Identity Toolkit). Firebase Auth sends and checks the SMS codes;
// calling it from the function lets the function decide the spec's status codes itself.
import { ACCOUNT_DISABLED_MESSAGE } from '@moments/shared';
import { isEmulated } from '../../lib/firebase';
import { ApiError } from '../../lib/http';

const emulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST;

function endpoint(method: string): string {
  const base = emulatorHost
    ? `http://${emulatorHost}/identitytoolkit.googleapis.com`
    : 'https://identitytoolkit.googleapis.com';
  // The emulator accepts any key; production needs the project's Web API key.
  const key = process.env.WEB_API_KEY ?? (isEmulated ? 'emulator' : '');
  return `${base}/v1/accounts:${method}?key=${encodeURIComponent(key)}`;
}

export class PhoneCodeError extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

async function call<T>(method: string, body: unknown): Promise<T> {
  const res = await fetch(endpoint(method), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as T & { error?: { message?: string } };
  if (!res.ok) {
    // Identity Toolkit reasons look like "INVALID_CODE" or "TOO_MANY_ATTEMPTS_TRY_LATER : ...".
    const reason = json.error?.message?.split(' ')[0] ?? `HTTP_${res.status}`;
    // An admin disabled the account: every sign-in (code, Apple, admin login) says so.
    if (reason === 'USER_DISABLED') throw new ApiError(403, ACCOUNT_DISABLED_MESSAGE);
    throw new PhoneCodeError(reason);
  }
  return json;
}

/** Sends a code by SMS; returns the opaque session that identifies it. */
export async function sendCode(phoneNumber: string, recaptchaToken?: string): Promise<string> {
  const { sessionInfo } = await call<{ sessionInfo: string }>('sendVerificationCode', {
    phoneNumber,
    recaptchaToken,
  });
  return sessionInfo;
}

/** Checks a code; on success Firebase Auth has signed the phone's account in. */
export async function checkCode(
  sessionInfo: string,
  code: string,
): Promise<{ uid: string; idToken: string }> {
  const result = await call<{ localId: string; idToken: string }>('signInWithPhoneNumber', {
    sessionInfo,
    code,
  });
  return { uid: result.localId, idToken: result.idToken };
}

/**
 * Signs a custom token in, as a client would, to get an ID token: session cookies can only
 * be minted from ID tokens (used by the admin and Apple sign-ins, which start from our own
 * verification rather than Firebase's).
 */
export async function idTokenForCustomToken(customToken: string): Promise<string> {
  const result = await call<{ idToken: string }>('signInWithCustomToken', {
    token: customToken,
    returnSecureToken: true,
  });
  return result.idToken;
}
