import { describe, expect, it } from 'vitest';
import type { Journal } from './api-types';
import {
  JOURNALS_PAGE_SIZE,
  journalPageQueryName,
  markedStates,
  nextJournalCursor,
  sortJournals,
} from './journal-docs';

function journal(id: string, minute: number, isPinned = false): Journal {
  const createdAt = new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString();
  return {
    id,
    userId: 'u1',
    title: id,
    content: null,
    imageUrl: null,
    coverImageId: null,
    isPinned,
    role: 'owner',
    createdAt,
    updatedAt: createdAt,
    images: [],
    photoCount: 0,
    collaborators: [],
    newCommentsCount: 0,
  };
}

/** Moments m0 (newest) ... m{count-1}, a minute apart. */
const newestFirst = (count: number) =>
  Array.from({ length: count }, (_, i) => journal(`m${String(i).padStart(3, '0')}`, 1000 - i));

describe('nextJournalCursor', () => {
  it('is null for a page shorter than a page: nothing comes after it', () => {
    expect(nextJournalCursor(newestFirst(JOURNALS_PAGE_SIZE - 1))).toBeNull();
    expect(nextJournalCursor([])).toBeNull();
  });

  it("is a later page's last moment", () => {
    const page = newestFirst(JOURNALS_PAGE_SIZE);
    expect(nextJournalCursor(page)).toBe(page.at(-1)!.id);
  });

  it("is a first page's 30th newest moment, whatever older pinned moments it holds and in whatever order", () => {
    const newest = newestFirst(JOURNALS_PAGE_SIZE);
    const olderPinned = [journal('pinned-old', 1, true), journal('pinned-older', 0, true)];
    const answered = sortJournals([...newest, ...olderPinned]);
    expect(answered[0]!.id).toBe('pinned-old');
    expect(nextJournalCursor(answered)).toBe(newest.at(-1)!.id);
  });
});

describe('sortJournals', () => {
  it('orders moments of the same time by id, newest-first order as the paged query has it', () => {
    const same = [journal('a', 5), journal('c', 5), journal('b', 5)];
    expect(sortJournals(same).map((j) => j.id)).toEqual(['c', 'b', 'a']);
  });
});

describe('markedStates', () => {
  it("keeps each moment's state once, pinned or with new entries", () => {
    const pinned = { journalId: 'j1', userId: 'u', isPinned: true, newCommentsCount: 2 };
    const both = markedStates(
      [pinned],
      [pinned, { journalId: 'j2', userId: 'u', isPinned: false, newCommentsCount: 1 }],
    );
    expect(both.map((s) => s.journalId)).toEqual(['j1', 'j2']);
  });
});

describe('journalPageQueryName', () => {
  it('names the first page and each later page by its cursor', () => {
    expect(journalPageQueryName()).toBe('journals/newest');
    expect(journalPageQueryName('abc')).toBe('journals/after/abc');
  });
});
