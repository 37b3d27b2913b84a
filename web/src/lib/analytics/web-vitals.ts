// Field data: the Core Web Vitals (LCP, INP, CLS) and FCP and TTFB of real visits, measured by the
// web-vitals library's attribution build and sent as `web_vital` events through the analytics
// pipeline (so "Share usage data" and Global Privacy Control apply as to every event). Started by
// ./runtime once analytics run, which is after the page has settled; the library's observers are
// buffered, so the load's own figures are still reported. A share of page loads, set by the
// server (webVitalsPercent), reports.
import type { EventProperties } from './index';

/** The app's pages by route, as the dashboard groups them; other addresses by first segment. */
export function routeName(pathname: string): string {
  if (pathname === '/home' || pathname === '/') return 'home';
  if (pathname === '/auth') return 'auth';
  if (/^\/journals\/[^/]+\/?$/.test(pathname)) return 'moment';
  if (/^\/moment\/[^/]+\/edit\/?$/.test(pathname)) return 'moment-edit';
  return pathname.split('/')[1] || 'home';
}

interface VitalReport {
  name: string;
  value: number;
  rating: string;
  navigationType: string;
  /** The library's attribution of this metric (its shape differs per metric). */
  attribution: object;
}

/** What the metric is attributed to: the element (LCP, CLS) or the interaction (INP). */
function attributed(report: VitalReport): EventProperties {
  const { name } = report;
  const attribution = report.attribution as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === 'string' && value ? value : null);
  switch (name) {
    case 'LCP':
      return { target: text(attribution.target) };
    case 'INP':
      return {
        target: text(attribution.interactionTarget),
        interaction: text(attribution.interactionType),
      };
    case 'CLS':
      return { target: text(attribution.largestShiftTarget) };
    case 'TTFB':
      return { waiting_ms: Math.round(Number(attribution.waitingDuration) || 0) };
    default:
      return { target: null };
  }
}

/** The event a report becomes (values in ms, CLS unitless, rounded). */
export function vitalEvent(report: VitalReport, pathname: string): EventProperties {
  return {
    metric: report.name,
    value: report.name === 'CLS' ? Math.round(report.value * 1000) / 1000 : Math.round(report.value),
    rating: report.rating,
    route: routeName(pathname),
    navigation_type: report.navigationType,
    ...attributed(report),
  };
}

/**
 * Reports this page load's vitals through `track`, when it is among the sampled `percent`.
 * `random` is the draw (0 to 1).
 */
export async function startWebVitals(
  percent: number,
  track: (event: string, properties: EventProperties) => void,
  random = Math.random(),
): Promise<void> {
  if (!(random * 100 < percent)) return;
  const { onCLS, onFCP, onINP, onLCP, onTTFB } = await import('web-vitals/attribution');
  // The route where the page was loaded: INP and CLS come when it is hidden, perhaps elsewhere.
  const pathname = window.location.pathname;
  const send = (report: VitalReport) => track('web_vital', vitalEvent(report, pathname));
  onLCP(send);
  onINP(send);
  onCLS(send);
  onFCP(send);
  onTTFB(send);
}
