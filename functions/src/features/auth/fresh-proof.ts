// A fresh proof that the signed-in person is at their device now, for a step that cannot be
// undone (deleting one's own account): a new SMS code to the account's own number, asked for
// and checked with the sign-in machinery (./phone-codes: the same limits, tries and browser
// binding). A passkey step is the other proof planned: add it beside checkFreshCode and let
// the caller accept either (features/account/routes.ts, "the fresh proof").
import { ACCOUNT_DELETION_MESSAGES, type DeletionCodeAnswer } from '@moments/shared';
import type { Request, Response } from 'express';
import { clientKey } from '../../lib/client-address';
import { ApiError } from '../../lib/http';
import { browserKeyFor, browserKeyOf } from './browser-key';
import { limitCodeRequests, requestCode, verifyCode } from './phone-codes';
import { users } from './users';

/** The account's number, if a code to it proves the person (a number proved at sign-in). */
async function provenPhoneOf(uid: string): Promise<string> {
  const doc = await users.doc(uid).get();
  const phone = doc.get('phoneNumber') as string | null | undefined;
  if (!phone || doc.get('phoneVerified') === false) {
    throw new ApiError(409, ACCOUNT_DELETION_MESSAGES.noPhone);
  }
  return phone;
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
