// The notification calls (docs/api.md, "Notifications"). Routes parse and answer; what is
// stored is in ./store.
import {
  journalMuteSchema,
  PUSH_MESSAGES,
  pushSettingsSchema,
  pushSubscriptionSchema,
  pushUnsubscribeSchema,
} from '@moments/shared';
import { Router, type NextFunction, type Request, type Response } from 'express';
import { ApiError, handle, param, parseBody } from '../../lib/http';
import { callerId, identify } from '../../middleware/auth';
import { signedInRouter } from '../../middleware/signed-in-router';
import { loadJournal } from '../journals';
import { isAllowedPushEndpoint } from './endpoints';
import { standInOrigin } from './send';
import {
  readSettings,
  removeSubscription,
  saveSettings,
  saveSubscription,
  setMuted,
} from './store';
import { vapidDetails } from './vapid';

export const PUSH_OFF_MESSAGE = 'Notifications are not set up on this server';

export const pushRoutes = Router();
const signedIn = signedInRouter();
pushRoutes.use(signedIn);

/** The VAPID public key the browser subscribes with; public, like the key itself. */
pushRoutes.get(
  '/push/config',
  handle(async (_req, res) => {
    const vapid = vapidDetails();
    if (!vapid) throw new ApiError(404, PUSH_OFF_MESSAGE);
    res.setHeader('Cache-Control', 'no-cache');
    res.json({ publicKey: vapid.publicKey });
  }),
);

signedIn.put(
  '/push/subscription',
  handle(async (req, res) => {
    const subscription = parseBody(pushSubscriptionSchema, req);
    if (!isAllowedPushEndpoint(subscription.endpoint, standInOrigin())) {
      throw new ApiError(400, PUSH_MESSAGES.endpointNotAllowed);
    }
    // auth_time (seconds) is kept by every session and renewal of one sign-in.
    const signedInAt = req.token ? new Date(req.token.auth_time * 1000) : undefined;
    res.json({
      deviceId: await saveSubscription(callerId(req), subscription, undefined, signedInAt),
    });
  }),
);

signedIn.delete(
  '/push/subscription',
  handle(async (req, res) => {
    const { endpoint } = parseBody(pushUnsubscribeSchema, req);
    await removeSubscription(callerId(req), endpoint);
    res.status(204).end();
  }),
);

signedIn.get(
  '/push/settings',
  handle(async (req, res) => {
    res.json(await readSettings(callerId(req)));
  }),
);

signedIn.put(
  '/push/settings',
  handle(async (req, res) => {
    const { quietHours } = parseBody(pushSettingsSchema, req);
    res.json(await saveSettings(callerId(req), quietHours));
  }),
);

/** "Mute this moment": members only (anyone else hears the moment's 404). */
signedIn.put(
  '/journals/:id/mute',
  handle(async (req, res) => {
    const uid = callerId(req);
    const { muted } = parseBody(journalMuteSchema, req);
    await loadJournal(param(req, 'id'), uid);
    await setMuted(uid, param(req, 'id'), muted);
    res.json({ muted });
  }),
);

/**
 * Runs before the logout calls (app.ts): a logout body with this device's `endpoint` removes
 * its subscription while the session still says whose it is. Logout goes on whatever happens.
 */
export async function forgetDeviceAtLogout(req: Request, _res: Response, next: NextFunction) {
  try {
    const parsed = pushUnsubscribeSchema.safeParse(req.body ?? {});
    const session = parsed.success ? await identify(req) : undefined;
    if (parsed.success && session) await removeSubscription(session.uid, parsed.data.endpoint);
  } catch (err) {
    console.warn('push: could not remove the device at logout', err);
  }
  next();
}
