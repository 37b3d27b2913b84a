// Sends the outbox from the page: at once when something is added, when the network returns
// (online event), with backoff while it fails, and through the worker's Background Sync where
// the browser has it (also with every tab closed). Started for the signed-in person.
import { track } from '../../../lib/analytics';
import { requestBackgroundSync } from '../../../lib/pwa';
import { flushOutbox, type SentListener } from './send-outbox';
import {
  addToOutbox,
  OUTBOX_SYNC_TAG,
  removeFromOutbox,
  updateOutboxItem,
  type OutboxItem,
  type OutboxOperation,
} from './outbox-store';

const BACKOFF_FIRST_MS = 2000;
const BACKOFF_MAX_MS = 5 * 60 * 1000;

let uid: string | null = null;
let backoffMs = 0;
let timer: ReturnType<typeof setTimeout> | undefined;
let running: Promise<void> | null = null;
let again = false;
const sentListeners = new Set<SentListener>();

/** Called with the function's answer for each item sent from this page. */
export function onOutboxSent(listener: SentListener): () => void {
  sentListeners.add(listener);
  return () => {
    sentListeners.delete(listener);
  };
}

function notifySent(item: OutboxItem, answer: unknown) {
  for (const listener of sentListeners) listener(item, answer);
}

async function flush(): Promise<void> {
  if (!uid) return;
  clearTimeout(timer);
  const result = await flushOutbox(uid, notifySent);
  if (result.state === 'retry') {
    backoffMs = backoffMs ? Math.min(backoffMs * 2, BACKOFF_MAX_MS) : BACKOFF_FIRST_MS;
    timer = setTimeout(() => void sendOutboxNow(), backoffMs);
    void requestBackgroundSync(OUTBOX_SYNC_TAG);
  } else {
    backoffMs = 0;
  }
}

/** Sends what is waiting now (one run at a time; a call during a run runs once more after). */
export function sendOutboxNow(): Promise<void> {
  if (running) {
    again = true;
    return running;
  }
  running = (async () => {
    do {
      again = false;
      await flush().catch((error: unknown) => console.warn('The outbox could not be sent:', error));
    } while (again);
  })().finally(() => {
    running = null;
  });
  return running;
}

function onOnline() {
  backoffMs = 0;
  void sendOutboxNow();
}

/** Starts sending for `person` (null stops: signed out). */
export function startOutboxSync(person: string | null): () => void {
  uid = person;
  if (!person) return () => undefined;
  window.addEventListener('online', onOnline);
  void sendOutboxNow();
  return () => {
    window.removeEventListener('online', onOnline);
    clearTimeout(timer);
    if (uid === person) uid = null;
  };
}

/** A new client-made id for an operation. */
export function newOperationId(): string {
  return crypto.randomUUID();
}

/** Queues an operation for the signed-in person and tries to send it at once. */
export async function enqueue(
  person: string,
  journalId: string,
  op: OutboxOperation,
  id: string = newOperationId(),
): Promise<OutboxItem> {
  const item = await addToOutbox({ id, uid: person, journalId, op });
  trackQueued(journalId, op);
  void (navigator.onLine ? sendOutboxNow() : requestBackgroundSync(OUTBOX_SYNC_TAG));
  return item;
}

/**
 * The person's action, tracked when it is kept for later (the outbox may be sent by the worker,
 * where analytics do not run); the online paths track theirs when the server answers.
 */
function trackQueued(journalId: string, op: OutboxOperation) {
  const properties = { journal_id: journalId, queued: true };
  if (op.kind === 'entry') track('entry_posted', { ...properties, on_photo: op.photoId !== null });
  else if (op.kind === 'photo') track('photo_added', properties);
  else if (op.kind === 'pin') track(op.isPinned ? 'moment_pinned' : 'moment_unpinned', properties);
}

/** "Retry" on an item the function refused: back in the queue, in its place. */
export async function retryOutboxItem(id: string): Promise<void> {
  await updateOutboxItem(id, { status: 'waiting', error: undefined, attempts: 0 });
  void sendOutboxNow();
}

/** "Discard": the person gives the item up. */
export function discardOutboxItem(id: string): Promise<void> {
  return removeFromOutbox(id);
}
