// @vitest-environment jsdom
import { photoSrcSet, type Journal, type JournalImage } from '@moments/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchEarly, journalAnswer, journalsAnswer } from '../api/first-answers';
import { firstCover, preloadFirstCover, preloadFirstPhoto } from './first-photo';
import { testJournal } from '../../../testing/journal';
import { PHOTO_LAYOUT_WIDTHS } from './photo-sources';

const answers = new Map<string, unknown>();
vi.mock('../../../lib/api-client', () => ({
  api: { get: (path: string) => Promise.resolve(answers.get(path)) },
}));

function image(id: string): JournalImage {
  return {
    id,
    seq: 1,
    imageUrl: `/api/photos/${id}`,
    thumbUrl: `/api/photos/${id}/thumb`,
    orderIndex: 0,
    cropPosition: 50,
    rotation: 0,
    width: 4000,
    height: 3000,
    createdAt: '2026-01-01T00:00:00.000Z',
  };
}

function journal(id: string, createdAt: string, fields: Partial<Journal> = {}): Journal {
  return testJournal(id, createdAt, { images: [image(`${id}-a`), image(`${id}-b`)], ...fields });
}

const preloads = () => [...document.head.querySelectorAll('link[rel="preload"][as="image"]')];

beforeEach(() => {
  document.head.innerHTML = '';
  answers.clear();
});

describe('firstCover', () => {
  it("is the cover of the first private moment in the home list's order", () => {
    const shared = journal('shared', '2026-03-01T00:00:00.000Z', {
      isPinned: true,
      collaborators: [
        { id: 'u1', firstName: null, lastName: null, profilePictureUrl: null, role: 'owner' },
        { id: 'u2', firstName: null, lastName: null, profilePictureUrl: null, role: 'contributor' },
      ],
    });
    const older = journal('older', '2026-01-01T00:00:00.000Z');
    const newer = journal('newer', '2026-02-01T00:00:00.000Z', { coverImageId: 'newer-b' });
    expect(firstCover([older, shared, newer])?.id).toBe('newer-b');
    expect(firstCover([shared])).toBeUndefined();
  });
});

describe('preloading the first photo from the early answer', () => {
  it("fetches the home list's first cover at high priority, in the card's sizes", async () => {
    answers.set(journalsAnswer.path, [journal('only', '2026-01-01T00:00:00.000Z')]);
    fetchEarly(journalsAnswer);
    await preloadFirstCover();
    const [link, ...more] = preloads();
    expect(more).toHaveLength(0);
    expect(link?.getAttribute('imagesrcset')).toBe(photoSrcSet(image('only-a')));
    expect(link?.getAttribute('imagesizes')).toBe(PHOTO_LAYOUT_WIDTHS.card);
    expect(link?.getAttribute('fetchpriority')).toBe('high');
  });

  it("fetches a moment's first photo once, in the carousel's sizes", async () => {
    answers.set(journalAnswer('m1').path, journal('m1', '2026-01-01T00:00:00.000Z'));
    fetchEarly(journalAnswer('m1'));
    await preloadFirstPhoto('m1');
    await preloadFirstPhoto('m1');
    const [link, ...more] = preloads();
    expect(more).toHaveLength(0);
    expect(link?.getAttribute('href')).toBe('/api/photos/m1-a');
    expect(link?.getAttribute('imagesizes')).toBe(PHOTO_LAYOUT_WIDTHS.carousel);
  });

  it('does nothing when no early call was made (the page then finds its photo itself)', async () => {
    await preloadFirstPhoto('never-asked');
    expect(preloads()).toHaveLength(0);
  });
});
