// GET /api/config/analytics: what the web app needs to start analytics, from the function's
// configuration. The function builds its answer with this schema and the app checks what it
// receives with it, so a malformed answer turns analytics off instead of half-starting them.

import { z } from 'zod';

export const analyticsConfigSchema = z.object({
  /** The analytics project token; null means analytics are off. */
  token: z.string().min(1).nullable(),
  /** Where the library sends events and replays; null means the provider's own host. */
  apiHost: z.url({ protocol: /^https?$/ }).nullable(),
  /** Share of sessions recorded for replay, 0 to 100. */
  recordSessionsPercent: z.number().min(0).max(100),
  /** Share of page loads that report their Web Vitals, 0 to 100; absent means none. */
  webVitalsPercent: z.number().min(0).max(100).optional(),
});

export type AnalyticsConfig = z.infer<typeof analyticsConfigSchema>;
