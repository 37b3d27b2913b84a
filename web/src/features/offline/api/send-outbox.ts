// Sends the outbox, oldest first, from a page or from the service worker's Background Sync.
// It talks HTTP itself rather than through lib/api-client because it also runs inside the
// worker, where the Firebase SDK is not loaded: the `__session` cookie identifies the person.
// Every operation carries its client-made id, so a send repeated after a lost answer is
// applied once by the function.
import {
  listOutbox,
  readCacheOwner,
  removeFromOutbox,
  updateOutboxItem,
  type OutboxItem,
} from './outbox-store';

export type FlushResult =
  | { state: 'done' }
  /** No network, or the server is unwell: try again later. */
  | { state: 'retry' }
  /** The session is gone: keep everything until the person signs in again. */
  | { state: 'signed-out' };

const path = (journalId: string, rest = '') =>
  `/api/journals/${encodeURIComponent(journalId)}${rest}`;

function requestFor(item: OutboxItem): {
  method: string;
  url: string;
  body: BodyInit;
  json: boolean;
} {
  const { op, journalId, id } = item;
  switch (op.kind) {
    case 'entry':
      return {
        method: 'POST',
        url: path(journalId, '/comments'),
        json: true,
        body: JSON.stringify({
          id,
          text: op.text,
          ...(op.photoId ? { photoId: op.photoId } : {}),
          ...(op.parentCommentId ? { parentCommentId: op.parentCommentId } : {}),
        }),
      };
    case 'photo': {
      const form = new FormData();
      form.append('id', id);
      if (op.cropPosition !== undefined) form.append('cropPosition', String(op.cropPosition));
      if (op.capturedAt) form.append('capturedAt', op.capturedAt);
      form.append('image', op.blob, op.filename);
      return { method: 'POST', url: path(journalId, '/images'), json: false, body: form };
    }
    case 'pin':
      return {
        method: 'PATCH',
        url: path(journalId),
        json: true,
        body: JSON.stringify({ isPinned: op.isPinned }),
      };
    case 'view':
      return {
        method: 'POST',
        url: path(journalId, '/view'),
        json: true,
        body: JSON.stringify({ through: op.through }),
      };
  }
}

/** Statuses worth trying again: the request may succeed later as it is. */
const TRANSIENT = new Set([408, 425, 429, 500, 502, 503, 504]);

async function messageOf(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { message?: unknown };
    if (typeof body.message === 'string' && body.message) return body.message;
  } catch {
    // not JSON
  }
  return `The server refused it (${response.status}).`;
}

/** Answers of sent items, for pages that want to show them before the live listener does. */
export type SentListener = (item: OutboxItem, answer: unknown) => void;

async function sendAll(uid: string, onSent?: SentListener): Promise<FlushResult> {
  for (const item of await listOutbox(uid)) {
    if (item.status !== 'waiting') continue;
    const { method, url, body, json } = requestFor(item);
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        body,
        credentials: 'same-origin',
        headers: {
          Accept: 'application/json',
          'Cache-Control': 'no-cache',
          ...(json ? { 'Content-Type': 'application/json' } : {}),
        },
      });
    } catch {
      await updateOutboxItem(item.id, { attempts: item.attempts + 1 });
      return { state: 'retry' };
    }
    if (response.ok) {
      const answer: unknown = await response.json().catch(() => undefined);
      await removeFromOutbox(item.id);
      onSent?.(item, answer);
      continue;
    }
    if (response.status === 401) return { state: 'signed-out' };
    if (TRANSIENT.has(response.status)) {
      await updateOutboxItem(item.id, { attempts: item.attempts + 1 });
      return { state: 'retry' };
    }
    // Refused for good (moment deleted, access removed, photo refused, ...): kept for the
    // person to retry or discard, and the rest of the queue goes on.
    await updateOutboxItem(item.id, {
      status: 'failed',
      error: await messageOf(response),
      refusedStatus: response.status,
      attempts: item.attempts + 1,
    });
  }
  return { state: 'done' };
}

/**
 * Sends everything waiting for the signed-in person (the page passes its uid; the worker uses
 * the one it caches for). One sender at a time across tabs and the worker (Web Locks), so
 * an item is never in flight twice from this device.
 */
export async function flushOutbox(uid?: string, onSent?: SentListener): Promise<FlushResult> {
  const owner = uid ?? (await readCacheOwner());
  if (!owner) return { state: 'signed-out' };
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks) return sendAll(owner, onSent);
  return locks.request('moments-outbox-send', () => sendAll(owner, onSent));
}
