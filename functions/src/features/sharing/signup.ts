// Joining through an invite link without a phone code: a person new to the app who opens a
// link for anyone skips the code step. What happens when the phone's owner later proves the
// number is in auth/phone-owner.ts. See docs/data-model.md, "Accounts made from an invite link".
import type { SignInResponse } from '@moments/shared';
import { SIGNUP_ERRORS, inviteSignupSchema } from '@moments/shared';
import type { Request, Response } from 'express';
import { FieldValue } from 'firebase-admin/firestore';
import { auth } from '../../lib/firebase';
import { ApiError, parseBody } from '../../lib/http';
import { findUserByPhone, idTokenForCustomToken, startSession, users } from '../auth';
import { assertInviteAllowsSignup } from './invites';
import { limitInviteTokenUse } from './throttle';

/**
 * POST /api/auth/signup with skipVerification: only with a usable link for anyone (not one
 * made for a phone number) to `journalId`, and only for a number with no account at all, so
 * it can neither take over an account nor stand in for a targeted link. The account is
 * marked phoneVerified: false; signing in later always needs a code.
 */
export async function signupWithInvite(req: Request, res: Response): Promise<SignInResponse> {
  const body = parseBody(inviteSignupSchema, req);
  await limitInviteTokenUse(req);
  await assertInviteAllowsSignup(body.inviteToken, body.journalId);
  const registered = new ApiError(409, SIGNUP_ERRORS.alreadyRegistered);
  if (await findUserByPhone(body.phoneNumber)) throw registered;
  let uid: string;
  try {
    // Firebase Auth allows one account per phone number: two sign-ups racing get one account.
    ({ uid } = await auth.createUser({ phoneNumber: body.phoneNumber }));
  } catch (err) {
    if ((err as { code?: string }).code === 'auth/phone-number-already-exists') throw registered;
    throw err;
  }
  const ref = users.doc(uid);
  try {
    await ref.create({
      phoneNumber: body.phoneNumber,
      firstName: body.firstName,
      lastName: body.lastName || null,
      email: body.email || null,
      profilePictureUrl: null,
      isAdmin: false,
      termsAccepted: body.termsAccepted,
      // The invite profile step is the onboarding.
      onboarded: true,
      phoneVerified: false,
      createdAt: FieldValue.serverTimestamp(),
    });
  } catch (err) {
    await auth.deleteUser(uid).catch(() => undefined);
    throw err;
  }
  const idToken = await idTokenForCustomToken(await auth.createCustomToken(uid));
  return startSession(res, idToken, await ref.get());
}
