// POST /api/auth/admin/login: the admin login (./admin-login), answered like a phone sign-in
// but with a short-lived session whose token carries `admin: true`.
import { loginSchema } from '@moments/shared';
import { Router } from 'express';
import { clientKey } from '../../lib/client-address';
import { handle, parseBody } from '../../lib/http';
import { adminSignIn } from './admin-login';
import { startSession } from './session';

export const adminLoginRoutes = Router();

adminLoginRoutes.post(
  '/auth/admin/login',
  handle(async (req, res) => {
    const { username, password } = parseBody(loginSchema, req);
    const { idToken, userDoc } = await adminSignIn(username, password, clientKey(req));
    res.json(await startSession(res, idToken, userDoc, 'admin'));
  }),
);
