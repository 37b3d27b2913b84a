// Queries the server has answered in full on this device (per person), so that Firestore's
// persistent cache holds all of their documents. Cleared with that cache at logout.
import { changeStoredList, readStoredList } from './stored-list';

export const SYNCED_KEY = 'moments.syncedQueries';
const SYNCED_MAX = 500;

export function readSynced(): string[] {
  return readStoredList(SYNCED_KEY);
}

export function markSynced(key: string) {
  // When storage is full, the next start waits for the server, as without a cache.
  changeStoredList({ key: SYNCED_KEY, item: key, present: true, max: SYNCED_MAX });
}

export function forgetSyncedQueries() {
  changeStoredList({ key: SYNCED_KEY, clear: true });
}

/**
 * Whether the server answered all of these queries (keys without the `:uid`) for one person
 * on this device. Asked before Firebase is loaded, so before the client's uid is known; the
 * list is cleared at logout, so it is in practice the signed-in person's.
 */
export function isSynced(queries: string[]): boolean {
  const byReader = new Map<string, Set<string>>();
  for (const key of readSynced()) {
    const split = key.lastIndexOf(':');
    if (split < 0) continue;
    const reader = key.slice(split + 1);
    const names = byReader.get(reader) ?? new Set<string>();
    names.add(key.slice(0, split));
    byReader.set(reader, names);
  }
  return [...byReader.values()].some((names) => queries.every((query) => names.has(query)));
}
