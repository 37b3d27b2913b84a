// The admin dashboard's Web Vitals: the 75th percentile of each metric per page over the last 7
// and 28 days, from the `web_vital` events real visits send (web/src/lib/analytics/web-vitals.ts),
// rated by the Core Web Vitals thresholds.

export const WEB_VITAL_METRICS = ['LCP', 'INP', 'CLS', 'FCP', 'TTFB'] as const;
export type WebVitalMetric = (typeof WEB_VITAL_METRICS)[number];
export type WebVitalRating = 'good' | 'needs-improvement' | 'poor';

/**
 * web.dev's thresholds: up to `good` is good, above `poor` is poor, between needs improvement
 * (ms; CLS unitless).
 */
export const WEB_VITAL_THRESHOLDS: Record<WebVitalMetric, { good: number; poor: number }> = {
  LCP: { good: 2500, poor: 4000 },
  INP: { good: 200, poor: 500 },
  CLS: { good: 0.1, poor: 0.25 },
  FCP: { good: 1800, poor: 3000 },
  TTFB: { good: 800, poor: 1800 },
};

/** The windows the dashboard shows, in days. */
export const WEB_VITAL_WINDOWS = [7, 28] as const;

export interface WebVitalSample {
  metric: string;
  value: number;
  route: string;
  /** When it was measured, ms since the epoch. */
  time: number;
}

export interface WebVitalFigure {
  p75: number;
  rating: WebVitalRating;
  samples: number;
}

export interface WebVitalsRoute {
  route: string;
  /** Per window (days, as a string key) and metric: null when no visit reported it. */
  windows: Record<string, Record<WebVitalMetric, WebVitalFigure | null>>;
}

export interface WebVitalsSummary {
  routes: WebVitalsRoute[];
  computedAt: string;
}

/** The 75th percentile, nearest rank (a value some visit really had); NaN for none. */
export function percentile75(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.ceil(0.75 * sorted.length) - 1] as number;
}

export function rateWebVital(metric: WebVitalMetric, value: number): WebVitalRating {
  const { good, poor } = WEB_VITAL_THRESHOLDS[metric];
  if (value <= good) return 'good';
  return value <= poor ? 'needs-improvement' : 'poor';
}

const isMetric = (name: string): name is WebVitalMetric =>
  (WEB_VITAL_METRICS as readonly string[]).includes(name);
const DAY_MS = 86_400_000;

/** Each route's p75 per metric over each window ending at `now`; routes by name. */
export function summariseWebVitals(
  samples: readonly WebVitalSample[],
  now: number,
): WebVitalsSummary {
  const usable = samples.filter(
    (s) => isMetric(s.metric) && Number.isFinite(s.value) && s.value >= 0 && s.time <= now,
  );
  const routes = [...new Set(usable.map((s) => s.route))].sort();
  return {
    routes: routes.map((route) => ({
      route,
      windows: Object.fromEntries(
        WEB_VITAL_WINDOWS.map((days) => {
          const since = now - days * DAY_MS;
          const inWindow = usable.filter((s) => s.route === route && s.time > since);
          const figures = Object.fromEntries(
            WEB_VITAL_METRICS.map((metric) => {
              const values = inWindow.filter((s) => s.metric === metric).map((s) => s.value);
              if (values.length === 0) return [metric, null];
              const p75 = percentile75(values);
              return [metric, { p75, rating: rateWebVital(metric, p75), samples: values.length }];
            }),
          ) as Record<WebVitalMetric, WebVitalFigure | null>;
          return [String(days), figures];
        }),
      ),
    })),
    computedAt: new Date(now).toISOString(),
  };
}
