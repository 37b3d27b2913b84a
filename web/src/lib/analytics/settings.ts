// The analytics library's settings: every analytics and replay number of the product's rules
// (shared constants, named after the spec's words) mapped to mixpanel-browser's options.
// Numbers the library fixes itself are checked against it by settings.test.ts.
import {
  ANALYTICS_BATCH_SIZE,
  ANALYTICS_COOKIE_EXPIRATION_DAYS,
  ANALYTICS_FLUSH_INTERVAL_MS,
  ANALYTICS_LINK_TRACKING_TIMEOUT_MS,
  ANALYTICS_PERSISTENCE,
  ANALYTICS_REQUEST_TIMEOUT_MS,
  ANALYTICS_SCROLL_CHECKPOINTS_PERCENT,
  REPLAY_BLOCK_SELECTOR,
  REPLAY_IDLE_TIMEOUT_MS,
  REPLAY_MASK_ALL_INPUTS,
  type AnalyticsConfig,
} from '@moments/shared';
import type { Config } from 'mixpanel-browser';
import { scrubEventProperties } from './privacy';

type EventPayload = { event: string; properties: Record<string, unknown> };

export function mixpanelSettings(config: AnalyticsConfig, recorderUrl: string): Partial<Config> {
  return {
    ...(config.apiHost ? { api_host: config.apiHost } : {}),
    batch_requests: true,
    batch_size: ANALYTICS_BATCH_SIZE,
    batch_flush_interval_ms: ANALYTICS_FLUSH_INTERVAL_MS,
    batch_request_timeout_ms: ANALYTICS_REQUEST_TIMEOUT_MS,
    cookie_expiration: ANALYTICS_COOKIE_EXPIRATION_DAYS,
    track_links_timeout: ANALYTICS_LINK_TRACKING_TIMEOUT_MS,
    persistence: ANALYTICS_PERSISTENCE,
    // Page views are tracked on route changes with scrubbed paths (the library's own would
    // send the full address and the page title).
    track_pageview: false,
    autocapture: {
      pageview: false,
      click: true,
      input: true,
      scroll: true,
      submit: true,
      rage_click: true,
      dead_click: true,
      scroll_depth_percent_checkpoints: [...ANALYTICS_SCROLL_CHECKPOINTS_PERCENT],
      // No text of the page, and no labels, which can repeat a moment's title.
      capture_text_content: false,
      block_attrs: ['aria-label', 'title'],
    },
    // The wrapper samples and starts replays itself, only on pages whose address is safe to send.
    record_sessions_percent: 0,
    record_idle_timeout_ms: REPLAY_IDLE_TIMEOUT_MS,
    record_mask_all_inputs: REPLAY_MASK_ALL_INPUTS,
    // Explicit: the library's default now also blocks audio.
    record_block_selector: REPLAY_BLOCK_SELECTOR,
    // Served from this site, so replay works without the provider's CDN.
    recorder_src: recorderUrl,
    hooks: {
      before_send_events: (payload: EventPayload) => ({
        ...payload,
        properties: scrubEventProperties(payload.properties),
      }),
    },
    // Delivery failures are logged only.
    error_reporter: (message: string, error?: unknown) =>
      console.warn('Analytics:', message, error ?? ''),
  } as Partial<Config>;
}
