// The product's numbers (timings, limits, sizes, cache times), once, for the
// web app, the functions and the tests. Times are in milliseconds, sizes in bytes or pixels.

import type { MemberRole } from './api-types';

const SECOND_MS = 1000;
const MINUTE_MS = 60 * SECOND_MS;
const HOUR_MS = 60 * MINUTE_MS;

// Codes and tokens.
export const VERIFICATION_CODE_LENGTH = 6;
export const INVITE_TOKEN_MAX_LENGTH = 64;
/** An invite link works this many days after it is made. */
export const INVITE_LIFETIME_DAYS = 14;

// Admin login (the spec shows none): wrong passwords allowed before a lock-out, and its length.
// One client address is locked out of a username after ADMIN_MAX_FAILED_LOGINS; the username
// itself, for every client, after ADMIN_USERNAME_MAX_FAILED_LOGINS from several addresses.
export const ADMIN_MAX_FAILED_LOGINS = 5;
export const ADMIN_USERNAME_MAX_FAILED_LOGINS = 4 * ADMIN_MAX_FAILED_LOGINS;
export const ADMIN_LOCK_MINUTES = 15;
export const ADMIN_LOCK_MS = ADMIN_LOCK_MINUTES * MINUTE_MS;
/** E.164: a plus sign, then this many digits at least and at most. */
export const PHONE_MIN_DIGITS = 10;
export const PHONE_MAX_DIGITS = 15;
/** The longest text libphonenumber-js will try to extract a number from. */
export const PHONE_PARSER_MAX_INPUT_LENGTH = 250;

// Images.
export const PROFILE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** Vertical crop of a photo, in percent from the top. */
export const DEFAULT_CROP_POSITION = 30;
export const DEFAULT_ORDER_INDEX = 0;
/** The turns a photo can be given, clockwise in degrees from the photo as uploaded. */
export const PHOTO_ROTATIONS = [0, 90, 180, 270] as const;
export type PhotoRotation = (typeof PHOTO_ROTATIONS)[number];

// Defaults of stored fields.
export const DEFAULT_MEMBER_ROLE: MemberRole = 'contributor';
export const DEFAULT_INVITE_STATUS = 'pending';
export const DEFAULT_IS_PINNED = false;
export const DEFAULT_IS_ADMIN = false;

// Photos on the moment screens.
/** Dots under the carousel up to this many photos, a progress bar above. */
export const CAROUSEL_DOTS_MAX_PHOTOS = 15;
/** On mobile, a tap on this percent of the image width at either edge changes photo. */
export const CAROUSEL_TAP_ZONE_PERCENT = 20;
export const MAX_COLLABORATOR_AVATARS = 3;
export const PHOTO_HIGHLIGHT_MS = 2 * SECOND_MS;
export const EAGER_IMAGE_COUNT = 2;
/** Screens narrower than this are mobile. */
export const MOBILE_BREAKPOINT_PX = 768;
export const PHOTO_REF_THUMBNAIL_PX = 48;

// Swipes and toasts.
export const PAGE_SWIPE_THRESHOLD_PX = 100;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_LIMIT = 1;
export const DEFAULT_TOAST_MS = 5000;
export const NO_ACCOUNT_TOAST_MS = 10 * SECOND_MS;
export const INVITE_TOAST_MS = 3 * SECOND_MS;
export const UPDATE_TOAST_MS = 10 * SECOND_MS;

// Invite and onboarding timings.
export const ACCEPT_INVITE_MAX_ATTEMPTS = 3;
/** Wait before the next accept-invite attempt after an answer that was not a success. */
export const ACCEPT_INVITE_RETRY_WAIT_MS = 500;
/** Wait before the next accept-invite attempt after a failed request. */
export const ACCEPT_INVITE_ERROR_WAIT_MS = SECOND_MS;
export const INVITE_REDIRECT_DELAY_MS = 300;
export const ONBOARDING_SUCCESS_DELAY_MS = 500;
/** A processingInviteToken flag older than this is cleared (with a reload). */
export const STUCK_INVITE_FLAG_TIMEOUT_MS = 10 * SECOND_MS;

// Session user on the auth page.
export const AUTH_PAGE_USER_POLL_MS = SECOND_MS;
export const AUTH_PAGE_USER_STALE_MS = 2 * SECOND_MS;

// App updates.
export const UPDATE_FIRST_CHECK_MS = 60 * SECOND_MS;
export const UPDATE_CHECK_INTERVAL_MS = HOUR_MS;
/** The update toast shows only once the app has been open longer than this. */
export const UPDATE_MIN_UPTIME_MS = 60 * SECOND_MS;
export const UPDATE_RELOAD_DELAY_MS = 100;

// Query caching and retries.
export const QUERY_STALE_MS = 5 * MINUTE_MS;
export const QUERY_GC_MS = 10 * MINUTE_MS;
export const COMMENTS_STALE_MS = 2 * MINUTE_MS;
export const JOURNALS_STALE_MS = 3 * MINUTE_MS;
export const QUERY_MAX_RETRIES = 2;
export const RETRY_BASE_DELAY_MS = SECOND_MS;
export const RETRY_MAX_DELAY_MS = 30 * SECOND_MS;
export const MOMENTS_QUERY_RETRIES = 1;
export const MOMENTS_RETRY_DELAY_MS = SECOND_MS;
// Limits the spec leaves open ("not shown"), chosen here so that the API rejects absurd input
// with a clear message rather than storing it.
export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;
export const JOURNAL_TITLE_MAX_LENGTH = 200;
export const JOURNAL_CONTENT_MAX_LENGTH = 20_000;
export const COMMENT_TEXT_MAX_LENGTH = 2000;
/**
 * Timeline entries per page: the moment page listens to the newest page and loads earlier ones
 * as the person scrolls up, so an open reads the same whatever the length of the history.
 */
export const TIMELINE_PAGE_SIZE = 50;
/**
 * Earlier pages grow further back (TIMELINE_PAGE_SIZE × 2, × 4, ...) up to this many entries,
 * so the first of 5,000 entries is 8 page loads away, not 99 (earlierPageSize).
 */
export const TIMELINE_EARLIER_PAGE_MAX = 1000;

/** The size of the `k`-th earlier page (0: the one just before the newest page). */
export function earlierPageSize(k: number): number {
  return Math.min(TIMELINE_PAGE_SIZE * 2 ** (k + 1), TIMELINE_EARLIER_PAGE_MAX);
}

/** The most entries one GET /api/journals/:id/comments?limit= page may ask for. */
export const TIMELINE_PAGE_MAX = 200;
