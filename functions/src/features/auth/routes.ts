// Every /api route of the auth feature, one module per flow: the phone-code flow, the person's
// own account, the admin login, Sign in with Apple and passkeys. Each route parses, calls a domain
// function of this folder and answers.
import { Router } from 'express';
import { accountRoutes } from './account-routes';
import { adminLoginRoutes } from './admin-routes';
import { appleRoutes } from './apple-routes';
import { codeRoutes } from './code-routes';
import { passkeyRoutes } from './passkey-routes';

export const authRoutes = Router();
authRoutes.use(codeRoutes, accountRoutes, adminLoginRoutes, appleRoutes, passkeyRoutes);
