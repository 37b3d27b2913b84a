// POST /api/auth/admin/login: the admin login (./admin-login), answered like a phone sign-in
// but with a short-lived session whose token carries the admin login's claim (lib/admin-claim.ts).
// An admin who has a passkey confirms the password with it (unless ADMIN_PASSKEY_REQUIRED is
// false): the login then answers a challenge bound to this browser instead of a session, and
// POST /api/auth/admin/passkey with that passkey's answer starts the session.
import {
  ADMIN_LOGIN_ERRORS,
  loginSchema,
  passkeySignInSchema,
  type AdminPasskeyChallenge,
} from '@moments/shared';
import { Router } from 'express';
import { recordAdminLogin } from '../../lib/audit-log';
import { adminLoginClaims } from '../../lib/admin-claim';
import { clientKey } from '../../lib/client-address';
import { auth } from '../../lib/firebase';
import { ApiError, handle, parseBody } from '../../lib/http';
import { adminPasskeyRequired } from '../../lib/passkey-site';
import { consume } from '../../lib/rate-limit';
import { ADMIN_LOGIN_CLIENT_LIMIT, adminSignIn } from './admin-login';
import { browserKeyFor, browserKeyOf } from './browser-key';
import { idTokenForCustomToken } from './identity-toolkit';
import { authenticationOptions, hasPasskey, verifyPasskeySignIn } from './passkeys';
import { startSession } from './session';

export const adminLoginRoutes = Router();

adminLoginRoutes.post(
  '/auth/admin/login',
  handle(async (req, res) => {
    const { username, password } = parseBody(loginSchema, req);
    // Every admin login, success or failure, is in the audit log (lib/audit-log.ts).
    const signedIn = await adminSignIn(username, password, clientKey(req)).catch(
      async (err: unknown) => {
        await recordAdminLogin(req, { username });
        throw err;
      },
    );
    const uid = signedIn.userDoc.id;
    if (adminPasskeyRequired() && (await hasPasskey(uid))) {
      const options = await authenticationOptions(browserKeyFor(req, res), 'admin', uid);
      res.setHeader('Cache-Control', 'private, no-store');
      res.json({ passkeyRequired: true, options } satisfies AdminPasskeyChallenge);
      return;
    }
    res.json(await startSession(res, signedIn.idToken, signedIn.userDoc, 'admin'));
    await recordAdminLogin(req, { admin: signedIn.userDoc });
  }),
);

/** The admin login's second step: a passkey of the admin whose password this browser gave. */
adminLoginRoutes.post(
  '/auth/admin/passkey',
  handle(async (req, res) => {
    const { response } = parseBody(passkeySignInSchema, req);
    const { limit, windowMs } = ADMIN_LOGIN_CLIENT_LIMIT;
    await consume('admin-client', clientKey(req), limit, windowMs);
    const userDoc = await verifyPasskeySignIn(browserKeyOf(req), response, 'admin').catch(
      async (err: unknown) => {
        await recordAdminLogin(req, { username: '(passkey step)' });
        throw err;
      },
    );
    if (userDoc.get('isAdmin') !== true) throw new ApiError(401, ADMIN_LOGIN_ERRORS.invalid);
    const idToken = await idTokenForCustomToken(
      await auth.createCustomToken(userDoc.id, adminLoginClaims()),
    );
    res.json(await startSession(res, idToken, userDoc, 'admin'));
    await recordAdminLogin(req, { admin: userDoc });
  }),
);
