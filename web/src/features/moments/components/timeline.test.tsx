import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Profiler, type ComponentProps } from 'react';
import type { Comment } from '@moments/shared';
import { describe, expect, it, vi } from 'vitest';
import { insertedStyles } from '../../../testing/inserted-styles';
import { testPhoto } from '../../../testing/journal';
import { TimelineLoadError } from '../api/moment-errors';
import { Entry, Timeline } from './timeline';

// The HTTP calls are mocked; the rest of the module (the ID token hook-up) stays real.
vi.mock('../../../lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() },
}));

/** A loaded, empty timeline of moment j1, with `props` instead where given. */
function timeline(props: Partial<ComponentProps<typeof Timeline>> = {}) {
  return (
    <QueryClientProvider client={new QueryClient()}>
      <Timeline
        journalId="j1"
        images={[]}
        comments={undefined}
        isPending={false}
        error={null}
        onPhotoRef={() => undefined}
        {...props}
      />
    </QueryClientProvider>
  );
}

/** A long moment's timeline: 20 entries by Ann, a minute apart. */
function twentyEntries(): Comment[] {
  return Array.from({ length: 20 }, (_, i) => ({
    id: `c${i}`,
    text: `Entry ${i + 1}`,
    createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
    photoId: null,
    parentCommentId: null,
    user: { id: 'u1', firstName: 'Ann', lastName: null, profilePictureUrl: null },
  }));
}

function renderTimeline(error: Error) {
  render(timeline({ error }));
}

describe('Timeline load errors', () => {
  it('shows the message when the failure has one a person can act on', async () => {
    renderTimeline(new TimelineLoadError({ code: 'permission-denied' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'You no longer have access to this timeline.',
    );
  });

  it('shows "Unable to load timeline entries. Please try again later." otherwise', async () => {
    renderTimeline(new TimelineLoadError(new Error('INTERNAL ASSERTION FAILED: Unexpected state')));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Unable to load timeline entries. Please try again later.',
    );
  });
});

describe('Timeline of a long moment', () => {
  it('renders its first entries with the page and the rest right after, in order', async () => {
    const comments = twentyEntries();
    // The entries in the page at each commit (act() runs the follow-up renders at once).
    const perCommit: number[] = [];
    const entries = () => document.querySelectorAll('li');
    render(
      <Profiler id="timeline" onRender={() => perCommit.push(entries().length)}>
        {timeline({ comments })}
      </Profiler>,
    );
    await waitFor(() => expect(perCommit.at(-1)).toBe(20));
    expect(perCommit[0]).toBe(5);
    const texts = [...entries()].map((li) => li.textContent ?? '');
    expect(texts.map((text) => /Entry \d+/.exec(text)?.[0])).toEqual(
      comments.map((comment) => comment.text),
    );
  });
});

describe("Timeline's entry field", () => {
  it('measures itself when it mounts, not again on each commit of the entries', async () => {
    const comments = twentyEntries();
    // The field sizes itself to its text by reading its style and height: on a phone, each
    // read lays out the whole page inside the commit.
    const measured: Element[] = [];
    const getComputedStyle = window.getComputedStyle.bind(window);
    const spy = vi.spyOn(window, 'getComputedStyle').mockImplementation((element, pseudo) => {
      measured.push(element);
      return getComputedStyle(element, pseudo);
    });
    const perCommit: number[] = [];
    render(
      <Profiler
        id="timeline"
        onRender={() => perCommit.push(document.querySelectorAll('li').length)}
      >
        {timeline({ comments })}
      </Profiler>,
    );
    await waitFor(() => expect(perCommit.at(-1)).toBe(20));
    spy.mockRestore();
    const field = screen.getByRole('textbox', { name: 'Add to this memory' });
    expect(perCommit.length).toBeGreaterThan(1);
    expect(measured.filter((element) => element === field)).toHaveLength(1);
  });
});

describe('A timeline entry', () => {
  const photo = (n: number) => testPhoto('j1', n);

  it('shows its author, date, text and photo links, without styling at run time', () => {
    const images = [photo(1), photo(2)];
    const shownPhotos: string[] = [];
    const [entry] = twentyEntries();
    const comment = { ...entry!, text: 'Look at #photo 2 here' };
    const before = insertedStyles();
    render(
      <ul>
        <Entry
          comment={comment}
          images={images}
          onPhotoRef={(image) => shownPhotos.push(image.id)}
        />
      </ul>,
    );
    expect(insertedStyles()).toBe(before);

    const item = screen.getByRole('listitem');
    expect(within(item).getByText('Ann')).toBeTruthy();
    expect(item.querySelector('time')?.getAttribute('dateTime')).toBe(comment.createdAt);
    expect(item.querySelector('[data-entry-text]')?.textContent).toBe('Look at #photo 2 here');
    fireEvent.click(within(item).getByRole('button', { name: '#photo 2' }));
    fireEvent.click(within(item).getByRole('button', { name: 'Show photo 2' }));
    expect(shownPhotos).toEqual(['p2', 'p2']);
  });
});
