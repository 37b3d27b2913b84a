// Live Firestore reads, in the live-data worker (src/live-worker.ts) only: Firestore's code (its
// largest part of Firebase) and its work (the first sync writes every document of a query into
// IndexedDB) never run on the page's main thread, and the page never downloads them.
import * as firestoreSdk from 'firebase/firestore';
import type { Firestore, Query, QuerySnapshot } from 'firebase/firestore';
import { emulatorHosts, readEnv } from '../config/env';
import { ensureClientUser, firebaseApp } from './firebase';
import { forgetSyncedQueries, markSynced, readSynced } from './synced-queries';

const env = readEnv();
let dbPromise: Promise<Db> | undefined;

type Stop = () => void;

const CACHE_LOCK = 'moments-firestore-cache';

/**
 * Holds this device's cache for as long as this context lives, if no other tab's holds it. The
 * cache has one owner at a time: the live-data worker of the first tab (its Firestore takes the
 * cache with `forceOwnership`, which would break another owner's).
 */
function ownCache(): Promise<boolean> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return Promise.resolve(false);
  return new Promise((resolve) => {
    void locks.request(CACHE_LOCK, { ifAvailable: true }, (lock) => {
      resolve(lock !== null);
      // Held until this context ends (the worker is terminated or its page closes).
      return lock ? new Promise<never>(() => undefined) : undefined;
    });
  });
}

/** A Firestore instance and whether it has this device's persistent cache. */
export interface Db {
  db: Firestore;
  persistent: boolean;
}

/**
 * Firestore, in the live-data worker (src/live-worker.ts), with this device's persistent cache
 * (IndexedDB): /home and every moment already opened show their last known state at once,
 * online or not, and catch up live. A second tab meanwhile gets a memory cache: it reads from
 * the server, and nothing it reads counts as stored on the device.
 */
export function getDb(): Promise<Db> {
  dbPromise ??= ownCache().then((persistent) => {
    const {
      initializeFirestore,
      persistentLocalCache,
      persistentSingleTabManager,
      memoryLocalCache,
      connectFirestoreEmulator,
    } = firestoreSdk;
    const db = initializeFirestore(firebaseApp, {
      localCache: persistent
        ? persistentLocalCache({
            tabManager: persistentSingleTabManager({ forceOwnership: true }),
          })
        : memoryLocalCache(),
    });
    if (env.useEmulators) {
      const { host, port } = emulatorHosts().firestore;
      connectFirestoreEmulator(db, host, port);
    }
    return { db, persistent };
  });
  return dbPromise;
}

/**
 * Logout, in the live-data worker: ends its Firestore and deletes Firestore's cache from the
 * device, so the next person on it starts empty. (Another tab's worker keeps the cache busy;
 * it is then cleared when that tab next clears it.)
 */
export async function clearFirestoreCache(): Promise<void> {
  const { terminate, clearIndexedDbPersistence, initializeFirestore, memoryLocalCache } = firestoreSdk;
  // Never started here: a throwaway instance can still clear what is stored.
  const db = dbPromise
    ? (await dbPromise).db
    : initializeFirestore(firebaseApp, { localCache: memoryLocalCache() });
  dbPromise = undefined;
  forgetSyncedQueries();
  await terminate(db);
  try {
    await clearIndexedDbPersistence(db);
  } catch (error) {
    console.warn('The Firestore cache is in use by another tab; it stays until then.', error);
  }
}

export type FirestoreSdk = typeof firestoreSdk;

/** What a live read needs: the Firestore functions, the instance, and the reader's uid. */
export interface FirestoreReader extends Db {
  sdk: FirestoreSdk;
  uid: string;
}

export async function getFirestoreReader(): Promise<FirestoreReader> {
  const [uid, { db, persistent }] = await Promise.all([ensureClientUser(), getDb()]);
  return { uid, db, persistent, sdk: firestoreSdk };
}

/**
 * Starts listeners once the client is signed in, and returns a synchronous stop for all of
 * them (safe to call before they have started). A failure to get that far (offline chunk
 * download, no session) goes to `fail`.
 */
export function listenWhenReady(
  start: (reader: FirestoreReader) => Stop[],
  fail: (error: unknown) => void,
): Stop {
  let stopped = false;
  let stops: Stop[] = [];
  void getFirestoreReader()
    .then((reader) => {
      if (!stopped) stops = start(reader);
    })
    .catch((error: unknown) => {
      if (!stopped) fail(error);
    });
  return () => {
    stopped = true;
    for (const stop of stops) stop();
  };
}

/**
 * onSnapshot for a query, passing on only complete answers. A query's first answer from the
 * local cache can be partial (the cache holds only what other listeners read), so results
 * wait for the server's first answer, unless the server answered this query (`syncedKey`,
 * naming the query and the reader) on this device before: then the persistent cache holds
 * all of it, and its answer shows at once, online or offline, and the server's catches up.
 * Metadata changes are listened to because when the server agrees with the cache, that is
 * all that changes. After that, every change of documents is passed on (also from the cache
 * while offline: as complete as the last server answer). A reader without the persistent
 * cache (a second tab) neither trusts nor records that list.
 */
export function onQuerySnapshot(
  { sdk, persistent }: Pick<FirestoreReader, 'sdk' | 'persistent'>,
  query: Query,
  next: (snapshot: QuerySnapshot) => void,
  fail: (error: unknown) => void,
  syncedKey?: string,
): Stop {
  const synced = persistent ? syncedKey : undefined;
  let confirmed = synced !== undefined && readSynced().includes(synced);
  let passedOn = false;
  return sdk.onSnapshot(
    query,
    { includeMetadataChanges: true },
    (snapshot) => {
      if (!snapshot.metadata.fromCache) {
        if (synced && !snapshot.metadata.hasPendingWrites) markSynced(synced);
        confirmed = true;
      }
      if (!confirmed || (passedOn && snapshot.docChanges().length === 0)) return;
      passedOn = true;
      next(snapshot);
    },
    fail,
  );
}
