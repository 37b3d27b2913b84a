import { afterEach, describe, expect, it, vi } from 'vitest';
import { readStoredJson, safeLocalStorage, safeSessionStorage, writeStoredJson } from './safe-storage';

/** A Storage keeping at most `room` items, throwing as a full browser storage does. */
function smallStorage(room: number) {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => {
      if (!items.has(key) && items.size >= room) throw new DOMException('full', 'QuotaExceededError');
      items.set(key, value);
    },
    removeItem: (key: string) => void items.delete(key),
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('safe storage', () => {
  it("keeps and reads values in the page's storage, and says when one could not be kept", () => {
    const local = smallStorage(1);
    vi.stubGlobal('window', { localStorage: local, sessionStorage: smallStorage(5) });
    expect(writeStoredJson(safeLocalStorage, 'list', ['a'])).toBe(true);
    expect(readStoredJson(safeLocalStorage, 'list')).toEqual(['a']);
    expect(safeLocalStorage.setItem('other', 'x')).toBe(false);
    expect(safeLocalStorage.getItem('other')).toBeNull();
    expect(safeSessionStorage.getItem('list')).toBeNull();
    safeLocalStorage.removeItem('list');
    expect(local.items.size).toBe(0);
  });

  it('answers nothing and keeps nothing where reaching storage throws (private modes)', () => {
    vi.stubGlobal('window', {
      get localStorage(): Storage {
        throw new DOMException('denied', 'SecurityError');
      },
    });
    expect(safeLocalStorage.setItem('k', 'v')).toBe(false);
    expect(safeLocalStorage.getItem('k')).toBeNull();
    expect(() => safeLocalStorage.removeItem('k')).not.toThrow();
  });

  it('works without a window (the live-data worker) and reads what is not JSON as nothing', () => {
    expect(safeLocalStorage.getItem('k')).toBeNull();
    expect(safeLocalStorage.setItem('k', 'v')).toBe(false);
    vi.stubGlobal('localStorage', smallStorage(5));
    safeLocalStorage.setItem('k', '{not json');
    expect(readStoredJson(safeLocalStorage, 'k')).toBeNull();
  });
});
