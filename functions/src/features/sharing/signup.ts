// Joining through an invite link without a phone code (SPEC section 4: "An unknown user skips
// verification"), and what happens when the phone's owner later proves the number. See
// docs/data-model.md, "Accounts made from an invite link".
import type { SignInResponse } from '@moments/shared';
import { SIGNUP_ERRORS, inviteSignupSchema } from '@moments/shared';
import type { Request, Response } from 'express';
import { FieldValue, type DocumentSnapshot } from 'firebase-admin/firestore';
import { auth } from '../../lib/firebase';
import { ApiError, parseBody } from '../../lib/http';
import {
  findUserByPhone,
  idTokenForCustomToken,
  startSession,
  updateProfile,
  users,
  type NewUserFields,
} from '../auth';
import { assertInviteAllowsSignup } from './invites';
import { limitInviteTokenUse } from './throttle';

/** An account made from an invite link whose phone number nobody has proved yet. */
export function isUnverified(user: DocumentSnapshot | undefined): boolean {
  return user?.get('phoneVerified') === false;
}

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

/**
 * Called when someone has just proved `uid`'s phone number with a code (POST /auth/verify).
 * If the account was made from an invite link without a code, whoever made it may not have
 * been the phone's owner: every session they hold ends, a sign-up's fields replace theirs
 * (a verified sign-up takes the account over), and the account counts as verified from now
 * on. Returns the ID token to start the new session with: one minted after the revocation.
 */
export async function confirmPhoneOwner(
  uid: string,
  idToken: string,
  signup: NewUserFields,
): Promise<string> {
  const ref = users.doc(uid);
  if (!isUnverified(await ref.get())) return idToken;
  // Revocation has one-second resolution: tokens from this very second would survive it.
  await new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000) + 10));
  await auth.revokeRefreshTokens(uid);
  if (signup.firstName) {
    await updateProfile(uid, {
      firstName: signup.firstName,
      lastName: signup.lastName ?? undefined,
      email: signup.email || null,
    });
  }
  await ref.update({
    phoneVerified: true,
    ...(signup.termsAccepted !== undefined ? { termsAccepted: signup.termsAccepted } : {}),
  });
  return idTokenForCustomToken(await auth.createCustomToken(uid));
}
