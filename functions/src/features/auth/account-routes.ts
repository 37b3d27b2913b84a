// The signed-in person's own account: who they are, their profile, a token for the Firebase
// client SDK, and logging out.
import {
  AUTH_SERVER_MESSAGES,
  onboardSchema,
  profileUpdateSchema,
  type ClientTokenResponse,
} from '@moments/shared';
import { Router } from 'express';
import { ApiError, handle, parseBody } from '../../lib/http';
import { callerId, identify } from '../../middleware/auth';
import { signedInRouter } from '../../middleware/signed-in-router';
import { dropStoredAdminClaims } from '../../lib/admin-claim';
import { clientToken, endSession } from './session';
import { isOwnPicture, toCurrentUser, updateProfile, users } from './users';

export const accountRoutes = Router();
/** Who the caller is and their own profile. */
const signedIn = signedInRouter();
accountRoutes.use(signedIn);

async function existingUser(uid: string) {
  const doc = await users.doc(uid).get();
  if (!doc.exists) throw new ApiError(401, AUTH_SERVER_MESSAGES.signIn);
  return doc;
}

signedIn.get(
  '/user',
  handle(async (req, res) => {
    const doc = await existingUser(callerId(req));
    res.setHeader('Cache-Control', 'private, no-store');
    res.json(toCurrentUser(doc));
  }),
);

/**
 * A fresh custom token for the session's user, for a Firebase client SDK that has no user
 * (its stored sign-in was cleared, or the sign-in answer's token never reached it): Firestore's
 * live reads need the SDK signed in, /api only the cookie. POST, so the cookie's
 * SameSite=Strict and sameOriginOnly keep other sites from asking. Always an ordinary token,
 * even for an admin-login session: admin rights come only from the admin login itself, so an
 * idle or aged admin cookie cannot be turned into a fresh admin sign-in here (the Firestore
 * rules give admins nothing extra, so live reads lose nothing).
 */
signedIn.post(
  '/auth/client-token',
  handle(async (req, res) => {
    const doc = await existingUser(callerId(req));
    await dropStoredAdminClaims(doc.id);
    res.setHeader('Cache-Control', 'private, no-store');
    res.json({ customToken: await clientToken(doc.id, 'user') } satisfies ClientTokenResponse);
  }),
);

/** The picture part of a profile update; only the person's own upload is accepted. */
function pictureUpdate(uid: string, url: string | null | undefined) {
  if (url === undefined) return {};
  if (!isOwnPicture(uid, url)) throw new ApiError(400, AUTH_SERVER_MESSAGES.pictureNotUploaded);
  return { profilePictureUrl: url };
}

/** The onboarding profile form: names and an optional picture; marks onboarding done. */
signedIn.post(
  '/auth/onboard',
  handle(async (req, res) => {
    const uid = callerId(req);
    const body = parseBody(onboardSchema, req);
    const doc = await updateProfile(uid, {
      firstName: body.firstName,
      lastName: body.lastName || null,
      ...(body.email !== undefined ? { email: body.email || null } : {}),
      ...pictureUpdate(uid, body.profilePictureUrl),
      onboarded: true,
    });
    res.json(toCurrentUser(doc));
  }),
);

/** My Account: any of the names, the recovery email and the picture. */
signedIn.patch(
  '/user',
  handle(async (req, res) => {
    const uid = callerId(req);
    const body = parseBody(profileUpdateSchema, req);
    // Only what was sent changes: a picture-only or email-only update leaves the names alone.
    const doc = await updateProfile(uid, {
      ...(body.firstName !== undefined ? { firstName: body.firstName } : {}),
      ...(body.lastName !== undefined ? { lastName: body.lastName } : {}),
      ...(body.email !== undefined ? { email: body.email || null } : {}),
      ...pictureUpdate(uid, body.profilePictureUrl),
      ...(body.shareUsageData !== undefined ? { shareUsageData: body.shareUsageData } : {}),
    });
    res.json(toCurrentUser(doc));
  }),
);

// POST /api/logout is the fallback the client tries when /api/auth/logout fails.
for (const path of ['/auth/logout', '/logout']) {
  accountRoutes.post(
    path,
    handle(async (req, res) => {
      await endSession(res, await identify(req));
      res.json({ success: true });
    }),
  );
}
