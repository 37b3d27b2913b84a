// Joining through an open invite link without a phone code (an unknown invitee skips the code
// step): POST /api/auth/signup with skipVerification, which the auth feature's sign-up route
// passes on. The link decides (./invites); the account is made by the auth feature, which never
// lets such an account hold the number (see docs/security.md).
import { inviteSignupSchema } from '@moments/shared';
import { Router } from 'express';
import { handle, parseBody } from '../../lib/http';
import { createUnverifiedAccount, startSession } from '../auth';
import { assertInviteAllowsSignup } from './invite-use';
import { limitInviteTokenUse } from './throttle';

export const inviteSignupRoutes = Router();

/**
 * Only with a usable link for anyone (not one made for a phone number) to `journalId`, and only
 * for a number with no account at all, so it can neither take over an account nor stand in for
 * a targeted link.
 */
inviteSignupRoutes.post(
  '/auth/signup',
  handle(async (req, res) => {
    const body = parseBody(inviteSignupSchema, req);
    await limitInviteTokenUse(req);
    await assertInviteAllowsSignup(body.inviteToken, body.journalId);
    const { idToken, userDoc } = await createUnverifiedAccount({
      phoneNumber: body.phoneNumber,
      firstName: body.firstName,
      lastName: body.lastName,
      email: body.email,
      termsAccepted: body.termsAccepted,
    });
    res.json(await startSession(res, idToken, userDoc));
  }),
);
