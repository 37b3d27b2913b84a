import { afterEach, describe, expect, it, vi } from 'vitest';
import { isSynced, markSynced } from './synced-queries';

/** localStorage as the browser keeps it, for the node test environment. */
function stubStorage() {
  const items = new Map<string, string>();
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => items.set(key, value),
    removeItem: (key: string) => items.delete(key),
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('isSynced', () => {
  it('holds only when one reader has all the queries', () => {
    stubStorage();
    expect(isSynced(['journals', 'memberStates'])).toBe(false);
    markSynced('journals:alice');
    markSynced('memberStates:bob');
    expect(isSynced(['journals', 'memberStates'])).toBe(false);
    markSynced('memberStates:alice');
    expect(isSynced(['journals', 'memberStates'])).toBe(true);
    expect(isSynced(['journals/j1/comments'])).toBe(false);
    markSynced('journals/j1/comments:bob');
    expect(isSynced(['journals/j1/comments'])).toBe(true);
  });
});
