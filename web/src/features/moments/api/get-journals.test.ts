import type { Journal } from '@moments/shared';
import { describe, expect, it } from 'vitest';
import { testJournal } from '../../../testing/journal';
import { isSharedJournal, sortJournals } from './get-journals';

function journal(id: string, createdAt: string, isPinned = false, collaborators = 0): Journal {
  return testJournal(id, createdAt, {
    isPinned,
    collaborators: Array.from({ length: collaborators }, (_, i) => ({
      id: `c${i}`,
      firstName: null,
      lastName: null,
      profilePictureUrl: null,
      role: i === 0 ? ('owner' as const) : ('contributor' as const),
    })),
  });
}

describe('sortJournals', () => {
  it('puts pinned moments first, then the newest first', () => {
    const sorted = sortJournals([
      journal('old', '2024-01-01T00:00:00.000Z'),
      journal('new', '2024-03-01T00:00:00.000Z'),
      journal('pinned-old', '2023-01-01T00:00:00.000Z', true),
    ]);
    expect(sorted.map((j) => j.id)).toEqual(['pinned-old', 'new', 'old']);
  });
});

describe('isSharedJournal', () => {
  it('treats 0 or 1 collaborators as private and more than 1 as shared', () => {
    expect(isSharedJournal(journal('a', '', false, 0))).toBe(false);
    expect(isSharedJournal(journal('b', '', false, 1))).toBe(false);
    expect(isSharedJournal(journal('c', '', false, 2))).toBe(true);
  });
});
