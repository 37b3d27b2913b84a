// The dashboard's Web Vitals, from the `web_vital` events the app sends to the analytics provider:
// read back through the provider's raw event export (Mixpanel's /api/2.0/export, newline-
// delimited JSON) with a service account, or, under the emulators, from the collector stand-in
// that received them (scripts/analytics-stand-in.mjs).
//   ANALYTICS_EXPORT_URL   the export endpoint (e.g. https://data.mixpanel.com/api/2.0/export)
//   ANALYTICS_EXPORT_AUTH  the service account, "user:secret"
import {
  WEB_VITAL_WINDOWS,
  summariseWebVitals,
  type WebVitalSample,
  type WebVitalsSummary,
} from '@moments/shared';
import { isEmulated } from '../../lib/firebase';
import { ApiError } from '../../lib/http';

const DAY_MS = 86_400_000;
const FETCH_TIMEOUT_MS = 10_000;

interface TrackedEvent {
  event?: unknown;
  properties?: Record<string, unknown>;
}

/** A `web_vital` event as a sample; null for anything else or a malformed one. */
export function sampleOf(item: TrackedEvent): WebVitalSample | null {
  if (item.event !== 'web_vital' || !item.properties) return null;
  const { metric, value, route, time } = item.properties;
  if (typeof metric !== 'string' || typeof route !== 'string') return null;
  if (typeof value !== 'number' || typeof time !== 'number') return null;
  // The provider's time is in seconds.
  return { metric, value, route, time: time * 1000 };
}

async function fetchText(url: string, headers: Record<string, string> = {}): Promise<string> {
  const res = await fetch(url, { headers, signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
  if (!res.ok) throw new ApiError(502, 'The analytics provider did not answer.');
  return res.text();
}

async function exportedEvents(now: number): Promise<TrackedEvent[]> {
  const exportUrl = process.env.ANALYTICS_EXPORT_URL?.trim();
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  if (exportUrl) {
    const url = new URL(exportUrl);
    url.searchParams.set('from_date', day(now - Math.max(...WEB_VITAL_WINDOWS) * DAY_MS));
    url.searchParams.set('to_date', day(now));
    url.searchParams.set('event', JSON.stringify(['web_vital']));
    const auth = Buffer.from(process.env.ANALYTICS_EXPORT_AUTH ?? '').toString('base64');
    const text = await fetchText(url.href, { Authorization: `Basic ${auth}` });
    return text
      .split('\n')
      .filter((line) => line.trim())
      .map((line) => JSON.parse(line) as TrackedEvent);
  }
  const host = process.env.ANALYTICS_API_HOST?.trim();
  const token = process.env.ANALYTICS_TOKEN?.trim();
  if (isEmulated && host && token) {
    const text = await fetchText(
      `${host.replace(/\/+$/, '')}/__stand-in/received?token=${encodeURIComponent(token)}`,
    );
    const requests = JSON.parse(text) as { endpoint?: string; items?: TrackedEvent[] }[];
    return requests.filter((r) => r.endpoint === 'track').flatMap((r) => r.items ?? []);
  }
  throw new ApiError(503, 'Web Vitals are not set up: no analytics export is configured.');
}

/** Each page's p75 of LCP, INP, CLS, FCP and TTFB over the last 7 and 28 days. */
export async function webVitals(now = Date.now()): Promise<WebVitalsSummary> {
  const samples = (await exportedEvents(now))
    .map(sampleOf)
    .filter((sample): sample is WebVitalSample => sample !== null);
  return summariseWebVitals(samples, now);
}
