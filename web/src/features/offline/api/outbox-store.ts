// The outbox: what a person did while offline (or while a send was failing), kept in IndexedDB
// until the function has it. Used by the pages and by the service worker (Background Sync), so
// nothing here touches the DOM or React.
import { openOfflineDb as openOutbox, type OutboxItem } from '../../../lib/offline-db';

export type { OutboxItem, OutboxOperation, OutboxKind } from '../../../lib/offline-db';
export { readCacheOwner } from '../../../lib/offline-db';

/** Told over this channel whenever the outbox changes, in any tab or in the worker. */
export const OUTBOX_CHANNEL = 'moments-outbox';
/** The Background Sync tag under which the worker sends the outbox. */
export const OUTBOX_SYNC_TAG = 'moments-outbox';

/** Limits that keep a forgotten outbox from filling the device (docs/offline.md). */
export const OUTBOX_LIMITS = {
  /** Operations waiting per person. */
  maxItems: 200,
  /** Bytes of photos waiting per person (the compressed blobs). */
  maxPhotoBytes: 100 * 1024 * 1024,
} as const;

function announce() {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(OUTBOX_CHANNEL);
  channel.postMessage({ type: 'changed' });
  channel.close();
}

/** Everything a person has waiting or failed, oldest first. */
export async function listOutbox(uid: string): Promise<OutboxItem[]> {
  const db = await openOutbox();
  const items = await db.getAllFromIndex('outbox', 'byUid', uid);
  return items.sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
}

export class OutboxFullError extends Error {
  override readonly name = 'OutboxFullError';
}

export const OUTBOX_FULL_MESSAGE =
  'Too much is waiting to be sent. Connect to the internet to send it, then try again.';

/**
 * Adds an operation. A pin or a viewed mark replaces one still waiting for the same moment
 * (only the last state matters); entries and photos are always added, in order.
 */
export async function addToOutbox(
  item: Omit<OutboxItem, 'seq' | 'status' | 'attempts' | 'createdAt'>,
): Promise<OutboxItem> {
  const db = await openOutbox();
  const tx = db.transaction('outbox', 'readwrite');
  const mine = await tx.store.index('byUid').getAll(item.uid);
  const replaces = mine.filter(
    (other) =>
      (item.op.kind === 'pin' || item.op.kind === 'view') &&
      other.op.kind === item.op.kind &&
      other.journalId === item.journalId &&
      other.status === 'waiting',
  );
  const photoBytes = (items: OutboxItem[]) =>
    items.reduce((sum, other) => sum + (other.op.kind === 'photo' ? other.op.blob.size : 0), 0);
  const added = item.op.kind === 'photo' ? item.op.blob.size : 0;
  if (
    mine.length - replaces.length >= OUTBOX_LIMITS.maxItems ||
    photoBytes(mine) + added > OUTBOX_LIMITS.maxPhotoBytes
  ) {
    tx.abort();
    throw new OutboxFullError(OUTBOX_FULL_MESSAGE);
  }
  for (const other of replaces) await tx.store.delete(other.seq!);
  const full: OutboxItem = {
    ...item,
    status: 'waiting',
    attempts: 0,
    createdAt: new Date().toISOString(),
  };
  full.seq = await tx.store.add(full);
  await tx.done;
  announce();
  return full;
}

export async function removeFromOutbox(id: string): Promise<void> {
  const db = await openOutbox();
  const key = await db.getKeyFromIndex('outbox', 'byId', id);
  if (key !== undefined) await db.delete('outbox', key);
  announce();
}

export async function updateOutboxItem(
  id: string,
  change: Partial<Pick<OutboxItem, 'status' | 'error' | 'refusedStatus' | 'attempts'>>,
): Promise<void> {
  const db = await openOutbox();
  const tx = db.transaction('outbox', 'readwrite');
  const key = await tx.store.index('byId').getKey(id);
  const current = key === undefined ? undefined : await tx.store.get(key);
  if (current) await tx.store.put({ ...current, ...change });
  await tx.done;
  announce();
}
