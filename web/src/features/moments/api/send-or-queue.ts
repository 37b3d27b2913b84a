// "Send now or keep in the outbox", decided here for every write the outbox carries (entries,
// photos, pins, viewed marks: docs/offline.md, "The outbox"), so that a screen calls one verb
// per write (post-entry, add-photos, set-pinned, mark-viewed) and never chooses itself.
import { isNetworkFailure } from '../../auth/utils/last-user';
import { OutboxFullError, type OutboxOperation } from '../../offline/api/outbox-store';
import { enqueue } from '../../offline/api/outbox-sync';

/** What became of a write: answered by the function, or kept in the outbox to be sent later. */
export type WriteOutcome<T> = { queued: false; answer: T } | { queued: true };

interface SendOrQueue<T> {
  send: () => Promise<T>;
  /** Keeps the write in the outbox (offline/api/outbox-sync's enqueue). */
  queue: () => Promise<unknown>;
  /** Queued without trying to send: offline, or behind items of the same kind still waiting. */
  queueFirst: boolean;
  /** A send that never reached the server is queued (else its error is the caller's). */
  queueAfterNetworkFailure: boolean;
}

export async function sendOrQueue<T>({
  send,
  queue,
  queueFirst,
  queueAfterNetworkFailure,
}: SendOrQueue<T>): Promise<WriteOutcome<T>> {
  if (!queueFirst) {
    try {
      return { queued: false, answer: await send() };
    } catch (error) {
      if (!queueAfterNetworkFailure || !isNetworkFailure(error)) throw error;
    }
  }
  await queue();
  return { queued: true };
}

/** Keeps `op` in the signed-in person's outbox; refuses when nobody is signed in. */
export function queueWrite(
  uid: string | undefined,
  journalId: string,
  op: OutboxOperation,
  id?: string,
): Promise<unknown> {
  if (!uid) return Promise.reject(new Error('Only a signed-in person has an outbox.'));
  return id === undefined ? enqueue(uid, journalId, op) : enqueue(uid, journalId, op, id);
}

/** Why a write could not be kept on the device: a full outbox says so, anything else `fallback`. */
export function queueFailureMessage(error: unknown, fallback: string): string {
  return error instanceof OutboxFullError ? error.message : fallback;
}
