// POST /api/auth/admin/login: the admin login (./admin-login), answered like a phone sign-in
// but with a short-lived session whose token carries the admin login's claim (lib/admin-claim.ts).
import { loginSchema } from '@moments/shared';
import { Router } from 'express';
import { recordAdminLogin } from '../../lib/audit-log';
import { clientKey } from '../../lib/client-address';
import { handle, parseBody } from '../../lib/http';
import { adminSignIn } from './admin-login';
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
    res.json(await startSession(res, signedIn.idToken, signedIn.userDoc, 'admin'));
    await recordAdminLogin(req, { admin: signedIn.userDoc });
  }),
);
