// Passkeys: signing in with one (/auth's autofill and button), and the signed-in person's own
// (My Account's list, Add and Remove). Each route parses, calls ./passkeys and answers; a
// passkey sign-in ends as an Apple one does, in the same session as a code sign-in.
import {
  passkeyRegisterSchema,
  passkeySignInSchema,
  sessionRenewSchema,
  type PasskeyList,
  type SessionRenewAnswer,
  type SignInResponse,
} from '@moments/shared';
import { Router } from 'express';
import { clientKey } from '../../lib/client-address';
import { auth } from '../../lib/firebase';
import { handle, parseBody } from '../../lib/http';
import { consume } from '../../lib/rate-limit';
import { callerId } from '../../middleware/auth';
import { signedInRouter } from '../../middleware/signed-in-router';
import { browserKeyFor, browserKeyOf } from './browser-key';
import { idTokenForCustomToken } from './identity-toolkit';
import { CODE_LIMITS } from './phone-codes';
import {
  authenticationOptions,
  listPasskeys,
  registerPasskey,
  registrationOptions,
  removePasskey,
  verifyPasskeySignIn,
} from './passkeys';
import { startSession } from './session';
import { renewSession } from './session-renewal';
import { users } from './users';

/**
 * Per client address per hour: sign-ins as code tries (CODE_LIMITS.perClient); challenges,
 * which /auth asks for on each visit for its autofill, twice that; new passkeys per account.
 */
export const PASSKEY_LIMITS = {
  signIn: CODE_LIMITS.perClient,
  options: { limit: CODE_LIMITS.perClient.limit * 2, windowMs: CODE_LIMITS.perClient.windowMs },
  register: { limit: 20, windowMs: 60 * 60 * 1000 },
};

export const passkeyRoutes = Router();

/** A challenge for navigator.credentials.get(), bound to this browser (its HttpOnly cookie). */
passkeyRoutes.post(
  '/auth/passkey/options',
  handle(async (req, res) => {
    const { limit, windowMs } = PASSKEY_LIMITS.options;
    await consume('passkey-options', clientKey(req), limit, windowMs);
    const options = await authenticationOptions(browserKeyFor(req, res), 'login');
    res.setHeader('Cache-Control', 'private, no-store');
    res.json(options);
  }),
);

/** Signs in with a passkey: the same session and answer as a code sign-in. */
passkeyRoutes.post(
  '/auth/passkey/login',
  handle(async (req, res) => {
    const { response } = parseBody(passkeySignInSchema, req);
    const { limit, windowMs } = PASSKEY_LIMITS.signIn;
    await consume('passkey-client', clientKey(req), limit, windowMs);
    const userDoc = await verifyPasskeySignIn(browserKeyOf(req), response);
    // A disabled Auth account cannot sign the token in (403, identity-toolkit.ts).
    const idToken = await idTokenForCustomToken(await auth.createCustomToken(userDoc.id));
    res.json((await startSession(res, idToken, userDoc)) satisfies SignInResponse);
  }),
);

const signedIn = signedInRouter();
passkeyRoutes.use(signedIn);

signedIn.get(
  '/auth/passkeys',
  handle(async (req, res) => {
    res.setHeader('Cache-Control', 'private, no-store');
    res.json({ passkeys: await listPasskeys(callerId(req)) } satisfies PasskeyList);
  }),
);

/** A challenge for navigator.credentials.create(), for this person in this browser. */
signedIn.post(
  '/auth/passkeys/options',
  handle(async (req, res) => {
    const uid = callerId(req);
    const { limit, windowMs } = PASSKEY_LIMITS.register;
    await consume('passkey-register', uid, limit, windowMs);
    const options = await registrationOptions(await users.doc(uid).get(), browserKeyFor(req, res));
    res.setHeader('Cache-Control', 'private, no-store');
    res.json(options);
  }),
);

signedIn.post(
  '/auth/passkeys',
  handle(async (req, res) => {
    const { response, name } = parseBody(passkeyRegisterSchema, req);
    const added = await registerPasskey(callerId(req), browserKeyOf(req), response, name);
    res.status(201).json(added);
  }),
);

signedIn.delete(
  '/auth/passkeys/:id',
  handle(async (req, res) => {
    await removePasskey(callerId(req), String(req.params.id));
    res.json({ success: true });
  }),
);

/**
 * Silent renewal (./session-renewal): the app sends the client SDK's current ID token at most
 * once a day; a cookie more than seven days old is replaced by a fresh one.
 */
signedIn.post(
  '/auth/session/renew',
  handle(async (req, res) => {
    const { idToken } = parseBody(sessionRenewSchema, req);
    res.setHeader('Cache-Control', 'private, no-store');
    res.json({ renewed: await renewSession(req, res, idToken) } satisfies SessionRenewAnswer);
  }),
);
