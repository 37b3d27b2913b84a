import {
  analyticsConfigSchema,
  REPLAY_RECORD_SAMPLE_PERCENT,
  type AnalyticsConfig,
} from '@moments/shared';

/**
 * The analytics settings of the function's environment:
 *   ANALYTICS_TOKEN           the project token (unset: analytics off)
 *   ANALYTICS_API_HOST        the ingestion host (unset: the provider's default)
 *   ANALYTICS_REPLAY_PERCENT  share of sessions recorded for replay (default 0)
 *   ANALYTICS_WEB_VITALS_PERCENT  share of page loads reporting Web Vitals (default: none)
 * A bad value is a deployment mistake: it is logged and analytics stay off.
 */
export function readAnalyticsConfig(env: NodeJS.ProcessEnv = process.env): AnalyticsConfig {
  const percent = env.ANALYTICS_REPLAY_PERCENT?.trim();
  const vitalsPercent = env.ANALYTICS_WEB_VITALS_PERCENT?.trim();
  const parsed = analyticsConfigSchema.safeParse({
    token: env.ANALYTICS_TOKEN?.trim() || null,
    apiHost: env.ANALYTICS_API_HOST?.trim().replace(/\/+$/, '') || null,
    recordSessionsPercent: percent ? Number(percent) : REPLAY_RECORD_SAMPLE_PERCENT,
    webVitalsPercent: vitalsPercent ? Number(vitalsPercent) : undefined,
  });
  if (!parsed.success) {
    console.error('Analytics are off: invalid ANALYTICS_* settings.', parsed.error.issues);
    return { token: null, apiHost: null, recordSessionsPercent: 0 };
  }
  return parsed.data;
}
