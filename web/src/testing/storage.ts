// The browser's Web Storage for unit tests in the node environment, which has none: one
// in-memory Storage, and stubs that put it where the code under test looks (each stub is
// undone by vi.unstubAllGlobals). Each answers the Map of what its storage holds.
import { afterEach, beforeEach, vi } from 'vitest';

/** A Storage over `items`, keeping strings as the browser's localStorage and sessionStorage do. */
export function memoryStorage(items = new Map<string, string>()): Storage {
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

/** A global `localStorage`. */
export function stubLocalStorage(): Map<string, string> {
  const items = new Map<string, string>();
  vi.stubGlobal('localStorage', memoryStorage(items));
  return items;
}

/**
 * A `window` with a sessionStorage (and the other members given, such as `location`), and the
 * same storage as the global `sessionStorage`.
 */
export function stubSessionStorage(
  windowMembers: object = {},
  items = new Map<string, string>(),
): Map<string, string> {
  const storage = memoryStorage(items);
  vi.stubGlobal('sessionStorage', storage);
  vi.stubGlobal('window', { ...windowMembers, sessionStorage: storage });
  return items;
}

/** For a test file: an empty sessionStorage stubbed before each test, and every stub undone after. */
export function sessionStorageForEachTest(): Map<string, string> {
  const items = new Map<string, string>();
  beforeEach(() => {
    items.clear();
    stubSessionStorage({}, items);
  });
  afterEach(() => vi.unstubAllGlobals());
  return items;
}
