// Notifications (Web Push): the bodies of the /api/push calls and of a moment's mute, and the
// message the server sends. The message is in the Declarative Web Push format (web_push: 8030),
// so Safari 18.4+ shows it without running the service worker; the app's service worker reads
// the same JSON in its `push` handler everywhere else.

import { z } from 'zod';

export const PUSH_MESSAGES = {
  subscriptionInvalid: 'Invalid push subscription',
  endpointNotAllowed: 'This push service is not supported',
  timeInvalid: 'Time must be HH:MM',
  timeZoneInvalid: 'Unknown time zone',
  mutedInvalid: 'muted must be true or false',
} as const;

/** Events of one moment within this window after the first are folded into one digest. */
export const PUSH_DIGEST_WINDOW_MS = 10 * 60 * 1000;
/** A subscription no app start has re-synced for this long is deleted. */
export const PUSH_SUBSCRIPTION_STALE_DAYS = 60;
/**
 * The most a message may take before encryption: 4,096 bytes on the wire minus aes128gcm's
 * header (86 with a 65-byte key id), padding delimiter and tag (17).
 */
export const PUSH_PAYLOAD_MAX_BYTES = 3993;

/** One notification per moment: a newer one replaces the older (the `tag`, and `Topic`). */
export function pushTagForJournal(journalId: string): string {
  return `moment-${journalId}`;
}

const base64url = z.string().regex(/^[A-Za-z0-9_-]+={0,2}$/, PUSH_MESSAGES.subscriptionInvalid);

/** PUT /api/push/subscription: the browser's PushSubscription.toJSON(). */
export const pushSubscriptionSchema = z.object({
  endpoint: z.url({ error: PUSH_MESSAGES.subscriptionInvalid }).max(2048),
  expirationTime: z.number().nullable().optional(),
  keys: z.object(
    { p256dh: base64url.max(200), auth: base64url.max(100) },
    { error: PUSH_MESSAGES.subscriptionInvalid },
  ),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

/** DELETE /api/push/subscription. */
export const pushUnsubscribeSchema = z.object({
  endpoint: z.url({ error: PUSH_MESSAGES.subscriptionInvalid }).max(2048),
});

const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, PUSH_MESSAGES.timeInvalid);

function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** Quiet hours in the person's own time zone; start after end spans midnight (22:00–07:00). */
export const quietHoursSchema = z.object({
  start: clockTime,
  end: clockTime,
  timeZone: z.string().max(64).refine(isTimeZone, PUSH_MESSAGES.timeZoneInvalid),
});
export type QuietHours = z.infer<typeof quietHoursSchema>;

/** PUT /api/push/settings; GET answers PushSettings. */
export const pushSettingsSchema = z.object({
  quietHours: quietHoursSchema.nullable(),
});
export type PushSettingsInput = z.infer<typeof pushSettingsSchema>;
export interface PushSettings extends PushSettingsInput {
  /** Moments the person muted ("Mute this moment"). */
  mutedJournalIds: string[];
}

/** PUT /api/journals/:id/mute. */
export const journalMuteSchema = z.object({
  muted: z.boolean({ error: PUSH_MESSAGES.mutedInvalid }),
});

/** What the server sends, and what the service worker shows. */
export const pushMessageSchema = z.object({
  web_push: z.literal(8030),
  notification: z.object({
    title: z.string().min(1),
    body: z.string().optional(),
    /** Absolute URL of the moment: tapping opens it. */
    navigate: z.url(),
    tag: z.string().min(1),
    lang: z.string().optional(),
    dir: z.enum(['auto', 'ltr', 'rtl']).optional(),
    silent: z.boolean().optional(),
  }),
  /**
   * The person's total unseen count. A member of the message itself, not of `notification`,
   * and a number: the Push API's declarative push message parser reads message["app_badge"]
   * and takes it only if it is an unsigned integer (w3c/push-api, "Add app badge to
   * Declarative Web Push").
   */
  app_badge: z.number().int().min(0).optional(),
  /** True: Safari still runs the service worker's `push` handler, which may close older ones. */
  mutable: z.boolean().optional(),
});
export type PushMessage = z.infer<typeof pushMessageSchema>;
