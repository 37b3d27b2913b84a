// The service worker's reading of a push message (shared/src/schemas/push.ts pushMessageSchema).
// A hand check rather than the schema itself: zod would triple the worker's size, and the worker
// only needs to know the fields it shows are there and of the right kind. push-message.test.ts
// holds it to the schema.
import type { PushMessage } from '@moments/shared';

/** What the worker shows: the notification, and the app badge the message carries beside it. */
export type PushNotice = PushMessage['notification'] & Pick<PushMessage, 'app_badge'>;

const DIRECTIONS = ['auto', 'ltr', 'rtl'];

function optional(value: unknown, type: 'string' | 'boolean'): boolean {
  return value === undefined || typeof value === type;
}

function isAbsoluteUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}

/** The notification of a Declarative Web Push message, or null for anything else. */
export function readPushMessage(data: unknown): PushNotice | null {
  if (typeof data !== 'object' || data === null) return null;
  const message = data as Record<string, unknown>;
  if (message.web_push !== 8030) return null;
  const notice = message.notification as Record<string, unknown> | null | undefined;
  if (typeof notice !== 'object' || notice === null) return null;
  const { title, body, navigate, tag, lang, dir, silent } = notice;
  const badge = message.app_badge;
  const valid =
    typeof title === 'string' &&
    title.length > 0 &&
    typeof tag === 'string' &&
    tag.length > 0 &&
    isAbsoluteUrl(navigate) &&
    optional(body, 'string') &&
    optional(lang, 'string') &&
    optional(silent, 'boolean') &&
    (dir === undefined || DIRECTIONS.includes(dir as string)) &&
    (badge === undefined || (Number.isInteger(badge) && (badge as number) >= 0));
  return valid ? ({ ...notice, app_badge: badge } as PushNotice) : null;
}

/** Parses a push event's text; null when it is not JSON or not a message. */
export function readPushText(text: string): PushNotice | null {
  try {
    return readPushMessage(JSON.parse(text));
  } catch {
    return null;
  }
}
