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
