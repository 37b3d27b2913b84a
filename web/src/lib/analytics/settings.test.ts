// mixpanel-browser fixes some of the product's analytics numbers itself, with no option to
// set them. These checks read them from the library's source, so an upgrade that changes
// one fails here rather than silently changing how the product behaves.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import {
  ANALYTICS_BATCH_SIZE,
  ANALYTICS_FLUSH_INTERVAL_MS,
  ANALYTICS_ITEM_MAX_RETRIES,
  ANALYTICS_MAX_RETRY_DELAY_MS,
  ANALYTICS_PROPERTY_TEXT_MAX_LENGTH,
  ANALYTICS_QUEUE_REMOVE_MAX_FAILURES,
  REPLAY_BATCH_SIZE,
  REPLAY_BLOCK_SELECTOR,
  REPLAY_CANVAS_SAMPLING,
  REPLAY_ENQUEUE_THROTTLE_MS,
  REPLAY_FLUSH_INTERVAL_MS,
  REPLAY_IMAGE_FORMAT,
  REPLAY_IMAGE_QUALITY,
  REPLAY_LOCK_TIMEOUT_MS,
} from '@moments/shared';
import { describe, expect, it } from 'vitest';
import { mixpanelSettings } from './settings';

const library = dirname(createRequire(import.meta.url).resolve('mixpanel-browser/package.json'));
const source = (file: string) => readFileSync(join(library, 'src', file), 'utf8');

describe('analytics settings', () => {
  it('passes the configurable numbers to the library', () => {
    const settings = mixpanelSettings(
      { token: 't', apiHost: 'http://127.0.0.1:1', recordSessionsPercent: 100 },
      '/assets/recorder.js',
    );
    expect(settings).toMatchObject({
      api_host: 'http://127.0.0.1:1',
      batch_size: ANALYTICS_BATCH_SIZE,
      batch_flush_interval_ms: ANALYTICS_FLUSH_INTERVAL_MS,
      batch_request_timeout_ms: 90_000,
      cookie_expiration: 365,
      track_links_timeout: 300,
      persistence: 'localStorage',
      autocapture: { scroll_depth_percent_checkpoints: [25, 50, 75, 100], capture_text_content: false },
      record_idle_timeout_ms: 30 * 60_000,
      record_mask_all_inputs: true,
      record_block_selector: 'img, video',
      recorder_src: '/assets/recorder.js',
    });
    expect(REPLAY_BLOCK_SELECTOR).toBe('img, video');
  });

  it('leaves the provider host alone when the server names none', () => {
    const settings = mixpanelSettings({ token: 't', apiHost: null, recordSessionsPercent: 0 }, '');
    expect(settings).not.toHaveProperty('api_host');
  });

  it('matches the numbers the library fixes for event batches', () => {
    const batcher = source('request-batcher.js');
    expect(batcher).toContain(`MAX_RETRY_INTERVAL_MS = ${ANALYTICS_MAX_RETRY_DELAY_MS / 60_000} * 60 * 1000`);
    expect(batcher).toContain(`++this.consecutiveRemovalFailures > ${ANALYTICS_QUEUE_REMOVE_MAX_FAILURES}`);
    expect(batcher).toContain(`(this.itemIdsSentSuccessfully[itemId] || 0) > ${ANALYTICS_ITEM_MAX_RETRIES}`);
    expect(source('mixpanel-core.js')).toContain(
      `_.truncate(options.data, ${ANALYTICS_PROPERTY_TEXT_MAX_LENGTH})`,
    );
  });

  it('matches the numbers the library fixes for replays', () => {
    const recording = source('recorder/session-recording.js');
    expect(recording).toContain(`'batch_size': ${REPLAY_BATCH_SIZE},`);
    expect(recording).toContain(`'batch_flush_interval_ms': ${REPLAY_FLUSH_INTERVAL_MS / 1000} * 1000,`);
    expect(recording).toContain(`'canvas': ${REPLAY_CANVAS_SAMPLING}`);
    expect(recording).toContain(`'type': 'image/${REPLAY_IMAGE_FORMAT}',`);
    expect(recording).toContain(`'quality': ${REPLAY_IMAGE_QUALITY}`);
    expect(recording).toContain(`sharedLockTimeoutMS: ${REPLAY_LOCK_TIMEOUT_MS / 1000} * 1000`);
    expect(source('recorder/utils.js')).toContain(
      `RECORD_ENQUEUE_THROTTLE_MS = ${REPLAY_ENQUEUE_THROTTLE_MS}`,
    );
  });
});
