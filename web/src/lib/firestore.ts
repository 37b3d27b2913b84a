// Live Firestore reads for the features' api modules. Firebase, and Firestore (its largest
// part), are downloaded on the first live read, so only the signed-in screens that read live
// load them; the sign-in screen never does.
import { loadFirebase } from './firebase-loader';
import type { Query, QuerySnapshot } from 'firebase/firestore';
import type { FirestoreReader } from './firebase';
import { markSynced, readSynced } from './synced-queries';

type Stop = () => void;

/**
 * Starts listeners once Firestore is loaded and the client is signed in, and returns a
 * synchronous stop for all of them (safe to call before they have started). A failure to get
 * that far (offline chunk download, no session) goes to `fail`.
 */
export function listenWhenReady(
  start: (reader: FirestoreReader) => Stop[],
  fail: (error: unknown) => void,
): Stop {
  let stopped = false;
  let stops: Stop[] = [];
  void loadFirebase()
    .then(({ getFirestoreReader }) => getFirestoreReader())
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
 * while offline: as complete as the last server answer).
 */
export function onQuerySnapshot(
  sdk: FirestoreReader['sdk'],
  query: Query,
  next: (snapshot: QuerySnapshot) => void,
  fail: (error: unknown) => void,
  syncedKey?: string,
): Stop {
  let confirmed = syncedKey !== undefined && readSynced().includes(syncedKey);
  let passedOn = false;
  return sdk.onSnapshot(
    query,
    { includeMetadataChanges: true },
    (snapshot) => {
      if (!snapshot.metadata.fromCache) {
        if (syncedKey && !snapshot.metadata.hasPendingWrites) markSynced(syncedKey);
        confirmed = true;
      }
      if (!confirmed || (passedOn && snapshot.docChanges().length === 0)) return;
      passedOn = true;
      next(snapshot);
    },
    fail,
  );
}
