// A fresh proof that the signed-in person is at their device now, for a step that cannot be
// undone (deleting one's own account), in one of two forms the caller accepts either of
// (features/account/routes.ts):
// - a new SMS code to the account's own proven number, asked for and checked with the sign-in
//   machinery (./phone-codes: the same limits, tries and browser binding);
// - a passkey step with the passkey machinery (./passkeys): a challenge for the purpose
//   'deleteAccount', bound to this browser and to the person, used once, 5 minutes, answered
//   with user verification by one of the person's own passkeys.
import {
  ACCOUNT_DELETION_MESSAGES,
  PASSKEY_MESSAGES,
  type DeletionCodeAnswer,
  type DeletionProofsAnswer,
} from '@moments/shared';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server';
import type { Request, Response } from 'express';
import type { DocumentSnapshot } from 'firebase-admin/firestore';
import { clientKey } from '../../lib/client-address';
import { ApiError } from '../../lib/http';
import { consume } from '../../lib/rate-limit';
import { browserKeyFor, browserKeyOf } from './browser-key';
import { authenticationOptions, hasPasskey, verifyPasskeySignIn } from './passkeys';
import { limitCodeRequests, requestCode, verifyCode } from './phone-codes';
import { users } from './users';

/** Passkey steps one account may ask for in an hour (each is one challenge document). */
export const FRESH_PASSKEY_LIMIT = { limit: 20, windowMs: 60 * 60 * 1000 };

/** Whether the account's number was proved (a code sent there proves the person). */
function hasProvenPhone(doc: DocumentSnapshot): boolean {
  return Boolean(doc.get('phoneNumber')) && doc.get('phoneVerified') !== false;
}

/** The account's number, if a code to it proves the person (a number proved at sign-in). */
async function provenPhoneOf(uid: string): Promise<string> {
  const doc = await users.doc(uid).get();
  if (!hasProvenPhone(doc)) throw new ApiError(409, ACCOUNT_DELETION_MESSAGES.noPhone);
  return doc.get('phoneNumber') as string;
}

/** Which proofs the account can give: the dialog offers those (and adding a passkey if none). */
export async function freshProofsOf(uid: string): Promise<DeletionProofsAnswer> {
  const [doc, passkey] = await Promise.all([users.doc(uid).get(), hasPasskey(uid)]);
  return { code: hasProvenPhone(doc), passkey };
}

/** Texts a code to the person's own number (or leaves a pending one, which works as well). */
export async function sendFreshCode(
  req: Request,
  res: Response,
  uid: string,
): Promise<DeletionCodeAnswer> {
  const phoneNumber = await provenPhoneOf(uid);
  const client = clientKey(req);
  await limitCodeRequests(phoneNumber, client);
  const outcome = await requestCode({
    phoneNumber,
    client,
    browser: browserKeyFor(req, res),
    purpose: 'signin',
  });
  return {
    codeSent: outcome.sent,
    phoneNumber,
    expiresAt: new Date(outcome.expiresAt).toISOString(),
  };
}

/**
 * Checks a code sent by sendFreshCode from this browser; it must prove the number of `uid`'s
 * own Auth account. Throws 410 (no code for this browser, expired, tries spent) or 400 (wrong
 * code; not 401, which would read as a lost session).
 */
export async function checkFreshCode(req: Request, uid: string, code: string): Promise<void> {
  const phoneNumber = await provenPhoneOf(uid);
  let checked;
  try {
    checked = await verifyCode(phoneNumber, code, clientKey(req), browserKeyOf(req));
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) {
      throw new ApiError(400, ACCOUNT_DELETION_MESSAGES.wrongCode);
    }
    if (err instanceof ApiError && err.status === 410) {
      throw new ApiError(410, ACCOUNT_DELETION_MESSAGES.codeExpired);
    }
    throw err;
  }
  if (checked.status !== 'verified') throw new ApiError(410, ACCOUNT_DELETION_MESSAGES.codeExpired);
  if (checked.uid !== uid) throw new ApiError(403, ACCOUNT_DELETION_MESSAGES.codeExpired);
}

/**
 * The options for navigator.credentials.get() of a passkey step: a challenge for the purpose
 * 'deleteAccount', kept for this browser and this person, listing only their passkeys. 409
 * when they have none; 429 past FRESH_PASSKEY_LIMIT.
 */
export async function sendFreshPasskeyChallenge(
  req: Request,
  res: Response,
  uid: string,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  if (!(await hasPasskey(uid))) throw new ApiError(409, ACCOUNT_DELETION_MESSAGES.noPasskey);
  await consume('fresh-passkey', uid, FRESH_PASSKEY_LIMIT.limit, FRESH_PASSKEY_LIMIT.windowMs);
  return authenticationOptions(browserKeyFor(req, res), 'deleteAccount', uid);
}

/**
 * Checks the answer to this browser's passkey step: taken once in a transaction, at most five
 * minutes old, signed with user verification by a passkey of `uid` (the challenge was made for
 * the person, and the caller must be that person). Throws 410 (no step of this browser, used
 * or expired) or 400 (anything else wrong; not 401, which would read as a lost session).
 */
export async function checkFreshPasskey(
  req: Request,
  uid: string,
  response: AuthenticationResponseJSON,
): Promise<void> {
  let signer;
  try {
    signer = await verifyPasskeySignIn(browserKeyOf(req), response, 'deleteAccount');
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) {
      if (err.message === PASSKEY_MESSAGES.challengeExpired) {
        throw new ApiError(410, ACCOUNT_DELETION_MESSAGES.passkeyExpired);
      }
      throw new ApiError(400, ACCOUNT_DELETION_MESSAGES.passkeyRefused);
    }
    throw err;
  }
  if (signer.id !== uid) throw new ApiError(400, ACCOUNT_DELETION_MESSAGES.passkeyRefused);
}
