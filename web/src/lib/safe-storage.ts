// localStorage and sessionStorage as the app uses them. What they keep is a convenience (the
// last person, drafts, flags, hints), so where storage is missing (the live-data worker),
// disabled (some private modes, where even reaching it throws) or full, a read answers null and
// a write does nothing: no caller needs a try of its own.

/** The part of Storage the app uses; never throws. setItem answers whether the value was kept. */
export interface SafeStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): boolean;
  removeItem(key: string): void;
}

type Area = 'localStorage' | 'sessionStorage';

function safeStorage(area: Area): SafeStorage {
  function attempt<T>(act: (storage: Storage) => T, otherwise: T): T {
    try {
      // The page's window; in a worker (or a test without one) the global scope's, if any.
      const storage = (typeof window === 'undefined' ? globalThis : window)[area] as
        | Storage
        | undefined;
      return storage ? act(storage) : otherwise;
    } catch {
      return otherwise;
    }
  }
  return {
    getItem: (key) => attempt((storage) => storage.getItem(key), null),
    setItem: (key, value) =>
      attempt((storage) => {
        storage.setItem(key, value);
        return true;
      }, false),
    removeItem: (key) => attempt((storage) => storage.removeItem(key), undefined),
  };
}

/** Kept across visits, on this device. */
export const safeLocalStorage = safeStorage('localStorage');
/** Kept while the tab lives. */
export const safeSessionStorage = safeStorage('sessionStorage');

/** What `key` holds, parsed as JSON; null when nothing, or something that is not JSON, is kept. */
export function readStoredJson(storage: SafeStorage, key: string): unknown {
  const raw = storage.getItem(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

/** Keeps `value` under `key` as JSON; answers whether it was kept. */
export function writeStoredJson(storage: SafeStorage, key: string, value: unknown): boolean {
  return storage.setItem(key, JSON.stringify(value));
}
