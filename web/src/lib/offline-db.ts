// The app's own IndexedDB database on the device: the outbox (features/offline) and a little
// shared state the service worker needs when it starts (whose photos it caches).
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

export const OFFLINE_DB = 'moments-offline';

export type OutboxOperation =
  | {
      kind: 'entry';
      text: string;
      photoId: string | null;
      parentCommentId: string | null;
    }
  | {
      kind: 'photo';
      blob: Blob;
      filename: string;
      cropPosition?: number;
      /** EXIF DateTimeOriginal read before compression, as a local date-time. */
      capturedAt?: string;
    }
  | { kind: 'pin'; isPinned: boolean }
  /** `through`: the newest entry by someone else shown (absent in items kept before it was). */
  | { kind: 'view'; through?: string | null };

export type OutboxKind = OutboxOperation['kind'];

export interface OutboxItem {
  /** Made on the device; the function stores it, so a repeated send is applied once. */
  id: string;
  /** Queue order (IndexedDB's key generator): sent in the order they were made. */
  seq?: number;
  uid: string;
  journalId: string;
  op: OutboxOperation;
  createdAt: string;
  /** `failed`: the function refused it for good (moment gone, access removed, photo refused). */
  status: 'waiting' | 'failed';
  error?: string;
  /** The HTTP status of a refusal (402: a photo past the free allowance). */
  refusedStatus?: number;
  attempts: number;
}

interface OfflineDb extends DBSchema {
  outbox: {
    key: number;
    value: OutboxItem;
    indexes: { byId: string; byUid: string };
  };
  meta: { key: string; value: unknown };
}

let opening: Promise<IDBPDatabase<OfflineDb>> | undefined;

export function openOfflineDb(): Promise<IDBPDatabase<OfflineDb>> {
  opening ??= openDB<OfflineDb>(OFFLINE_DB, 1, {
    upgrade(db) {
      const store = db.createObjectStore('outbox', { keyPath: 'seq', autoIncrement: true });
      store.createIndex('byId', 'id', { unique: true });
      store.createIndex('byUid', 'uid');
      db.createObjectStore('meta');
    },
  }).catch((error: unknown) => {
    opening = undefined;
    throw error;
  });
  return opening;
}

/** The person the service worker caches photos for (null: nobody signed in). */
export async function readCacheOwner(): Promise<string | null> {
  const db = await openOfflineDb();
  return ((await db.get('meta', 'cacheOwner')) as string | undefined) ?? null;
}

export async function writeCacheOwner(uid: string | null): Promise<void> {
  const db = await openOfflineDb();
  if (uid) await db.put('meta', uid, 'cacheOwner');
  else await db.delete('meta', 'cacheOwner');
}
