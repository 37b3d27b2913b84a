// Analytics and session replay numbers, apart from the product's other constants: only the
// analytics code (loaded after the first render) uses them, so they stay out of the chunk of
// constants that every page loads. Times are in milliseconds.

const SECOND_MS = 1000;
const MINUTE_MS = 60 * SECOND_MS;

/** The analytics configuration fetch is aborted after this. */
export const ANALYTICS_CONFIG_TIMEOUT_MS = 3 * SECOND_MS;

// Analytics.
export const ANALYTICS_BATCH_SIZE = 50;
export const ANALYTICS_FLUSH_INTERVAL_MS = 5 * SECOND_MS;
export const ANALYTICS_REQUEST_TIMEOUT_MS = 90 * SECOND_MS;
export const ANALYTICS_COOKIE_EXPIRATION_DAYS = 365;
export const ANALYTICS_LINK_TRACKING_TIMEOUT_MS = 300;
export const ANALYTICS_PERSISTENCE = 'localStorage';
export const ANALYTICS_PROPERTY_TEXT_MAX_LENGTH = 255;
export const ANALYTICS_SCROLL_CHECKPOINTS_PERCENT: readonly number[] = [25, 50, 75, 100];
export const ANALYTICS_ITEM_MAX_RETRIES = 5;
export const ANALYTICS_MAX_RETRY_DELAY_MS = 10 * MINUTE_MS;
/** More failures than this to remove items from the queue disable batching. */
export const ANALYTICS_QUEUE_REMOVE_MAX_FAILURES = 5;

// Session replay.
export const REPLAY_BATCH_SIZE = 1000;
export const REPLAY_FLUSH_INTERVAL_MS = 10 * SECOND_MS;
export const REPLAY_IDLE_TIMEOUT_MS = 30 * MINUTE_MS;
export const REPLAY_RECORD_SAMPLE_PERCENT = 0;
export const REPLAY_CANVAS_SAMPLING = 15;
export const REPLAY_IMAGE_FORMAT = 'webp';
export const REPLAY_IMAGE_QUALITY = 0.6;
export const REPLAY_MASK_ALL_INPUTS = true;
export const REPLAY_BLOCK_SELECTOR = 'img, video';
export const REPLAY_ENQUEUE_THROTTLE_MS = 250;
export const REPLAY_LOCK_TIMEOUT_MS = 10 * SECOND_MS;
