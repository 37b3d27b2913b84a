import { Router } from 'express';
import { readAnalyticsConfig } from './config';

export const analyticsRoutes = Router();

/** Public: the app asks before anyone signs in. Never cached, so a change applies at once. */
analyticsRoutes.get('/config/analytics', (_req, res) => {
  res.set('Cache-Control', 'no-store');
  res.json(readAnalyticsConfig());
});
