import { afterEach, describe, expect, it, vi } from 'vitest';
import { isSynced, markSynced } from './synced-queries';
import { stubLocalStorage } from '../testing/storage';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('isSynced', () => {
  it('holds only when one reader has all the queries', () => {
    stubLocalStorage();
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
