// Queries the server has answered in full on this device (per person), so that Firestore's
// persistent cache holds all of their documents. Cleared with that cache at logout.
const SYNCED_KEY = 'moments.syncedQueries';
const SYNCED_MAX = 500;

export function readSynced(): string[] {
  try {
    const raw = localStorage.getItem(SYNCED_KEY);
    const list: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(list) ? list.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

export function markSynced(key: string) {
  const list = readSynced().filter((item) => item !== key);
  list.push(key);
  try {
    localStorage.setItem(SYNCED_KEY, JSON.stringify(list.slice(-SYNCED_MAX)));
  } catch {
    // storage full: the next start waits for the server, as without a cache
  }
}

export function forgetSyncedQueries() {
  try {
    localStorage.removeItem(SYNCED_KEY);
  } catch {
    // storage unavailable
  }
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
