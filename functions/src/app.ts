import compression from 'compression';
import express from 'express';
import { limitBodySize, MAX_JSON_BYTES } from './lib/body-limit';
import { errorHandler } from './lib/http';
import { refuseMalformedIds } from './lib/path-ids';
import { sameOriginOnly } from './middleware/auth';
import { runOnSignedInCalls } from './middleware/signed-in-router';
import { markActive } from './features/admin/activity';
import { adminRoutes } from './features/admin/routes';
import { accountRoutes } from './features/account/routes';
import { analyticsRoutes } from './features/analytics/routes';
import { authRoutes } from './features/auth/routes';
import { billingRoutes } from './features/billing/routes';
import { journalRoutes } from './features/journals/routes';
import { photoRoutes } from './features/photos/routes';
import { forgetDeviceAtLogout, pushRoutes } from './features/push';
import { sharingRoutes } from './features/sharing/routes';
import { ApiError } from './lib/http';

/** The Express app behind the `api` function; Hosting rewrites /api/** to it. */
export function createApp() {
  const app = express();
  app.disable('x-powered-by');
  // JSON answers compressed (brotli or gzip, as the client accepts; images are left as they
  // are): /home's first answer is 39 KB of JSON, ~6x smaller compressed, on the way to the
  // first photo of a phone on a slow network. Hosting passes the encoding through.
  app.use(compression());
  app.use(limitBodySize);
  app.use(express.json({ limit: MAX_JSON_BYTES }));
  app.use(sameOriginOnly);
  // The dashboard's "active today": stamped on each signed-in call, after requireUser.
  runOnSignedInCalls(markActive);
  const api = express.Router();
  api.use(refuseMalformedIds);
  // Logout with this device's push endpoint also unsubscribes it (features/push).
  api.post(['/auth/logout', '/logout'], forgetDeviceAtLogout);
  api.use(accountRoutes);
  api.use(adminRoutes);
  api.use(analyticsRoutes);
  api.use(authRoutes);
  api.use(journalRoutes);
  api.use(photoRoutes);
  api.use(pushRoutes);
  api.use(sharingRoutes);
  api.use(billingRoutes);
  api.use((_req, _res, next) => next(new ApiError(404, 'Not found')));
  app.use('/api', api);
  app.use(errorHandler);
  return app;
}
