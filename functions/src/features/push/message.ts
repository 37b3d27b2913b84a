// What a notification says, as a Declarative Web Push message (shared/src/schemas/push.ts),
// cut to fit what a push service carries.
import { PUSH_PAYLOAD_MAX_BYTES, pushTagForJournal, type PushMessage } from '@moments/shared';

/** What happened in a moment, as the fan-out sees it. */
export type PushEventKind = 'entry' | 'reply' | 'photoComment' | 'photos' | 'join';

export interface MessageContext {
  journalId: string;
  journalTitle: string;
  /** The app's origin; the notification opens the moment there. */
  origin: string;
  /** The person's total unseen count, for the app badge. */
  badge: number;
}

const ELLIPSIS = '…';
const bytesOf = (message: PushMessage) => Buffer.byteLength(JSON.stringify(message));
/** Cut by characters (code points), so an emoji is never split in half. */
const cut = (text: string, length: number) => {
  const chars = Array.from(text);
  return chars.length <= length ? text : `${chars.slice(0, length).join('')}${ELLIPSIS}`;
};

/**
 * The message, shortened until its JSON takes at most PUSH_PAYLOAD_MAX_BYTES: the body first,
 * then the title (long titles and entries, emoji of four bytes each, JSON escapes all count).
 */
export function fitted(message: PushMessage): PushMessage {
  let fitting = message;
  for (const field of ['body', 'title'] as const) {
    const text = message.notification[field] ?? '';
    let keep = Array.from(text).length;
    while (bytesOf(fitting) > PUSH_PAYLOAD_MAX_BYTES && keep > 1) {
      // Shrink in proportion to the excess: a few passes even for a 4,000-character entry.
      const excess = bytesOf(fitting) - PUSH_PAYLOAD_MAX_BYTES;
      keep = Math.max(1, keep - Math.max(1, Math.ceil(excess / 4)));
      fitting = { ...fitting, notification: { ...fitting.notification, [field]: cut(text, keep) } };
    }
  }
  return fitting;
}

function message(context: MessageContext, body: string): PushMessage {
  return fitted({
    web_push: 8030,
    notification: {
      title: context.journalTitle || 'Moments',
      body,
      navigate: `${context.origin}/journals/${context.journalId}`,
      tag: pushTagForJournal(context.journalId),
      lang: 'en',
      dir: 'auto',
    },
    app_badge: context.badge,
    mutable: true,
  });
}

/** The notification of one event, sent at once. */
export function eventMessage(
  context: MessageContext,
  event: { kind: PushEventKind; authorName: string; text?: string },
): PushMessage {
  const who = event.authorName || 'Someone';
  const text = event.text ?? '';
  const bodies: Record<PushEventKind, string> = {
    entry: `${who}: ${text}`,
    reply: `${who} replied: ${text}`,
    photoComment: `${who} on a photo: ${text}`,
    photos: `${who} added photos`,
    join: `${who} joined through your link`,
  };
  return message(context, bodies[event.kind]);
}

const counted = (count: number, one: string, many: string) =>
  `${count} new ${count === 1 ? one : many}`;

/**
 * The digest of the events folded since the last notification ("3 new entries in Lake
 * weekend"), or null when there is nothing new to tell.
 */
export function digestMessage(
  context: MessageContext,
  counts: { entries: number; photos: number },
): PushMessage | null {
  const parts = [
    ...(counts.entries > 0 ? [counted(counts.entries, 'entry', 'entries')] : []),
    ...(counts.photos > 0 ? [counted(counts.photos, 'photo', 'photos')] : []),
  ];
  if (parts.length === 0) return null;
  return message(context, `${parts.join(' and ')} in ${context.journalTitle || 'your moment'}`);
}
