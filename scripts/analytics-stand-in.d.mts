// Types of analytics-stand-in.mjs, for the TypeScript tests that talk to it.

export const LOCAL_ANALYTICS_TOKEN: string;

export interface ReceivedRequest {
  id: number;
  at: number;
  endpoint: 'track' | 'engage' | 'groups' | 'record';
  token: string;
  query: Record<string, string>;
  gzip: boolean;
  bytes: number;
  /** Events, profile updates or replay (rrweb) events, decoded. */
  items: Record<string, unknown>[];
  answered: number | 'dropped';
}

export function startAnalyticsStandIn(options?: {
  port?: number;
  host?: string;
  dataDir?: string;
}): Promise<{ url: string; received: ReceivedRequest[]; close(): Promise<void> }>;

export function startAnalyticsForEmulators(
  env?: Record<string, string | undefined>,
): Promise<{ close(): Promise<void>; env: Record<string, string> }>;
