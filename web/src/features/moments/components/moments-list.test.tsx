import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import * as shared from '@moments/shared';
import type { Journal } from '@moments/shared';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { testJournal } from '../../../testing/journal';
import { MomentsList } from './moments-list';

// Each card writes its date once per render: counting the calls counts the cards' renders.
vi.mock('@moments/shared', async (importOriginal) => {
  const original = await importOriginal<typeof shared>();
  return { ...original, formatShortDate: vi.fn(original.formatShortDate) };
});

let answer: Journal[] = [];
vi.mock('../api/get-journals', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  useJournalPages: () => ({
    journals: shared.sortJournals(answer),
    isPending: false,
    isError: false,
    refetch: vi.fn(),
    hasMore: false,
    loadingMore: false,
    loadMore: vi.fn(),
    moreFailed: false,
    retryMore: vi.fn(),
  }),
}));

function journal(id: string, day: number): Journal {
  return testJournal(id, new Date(Date.UTC(2026, 0, day)).toISOString(), { title: `Moment ${id}` });
}

const client = new QueryClient();
const list = () => (
  <QueryClientProvider client={client}>
    <MemoryRouter>
      <MomentsList enabled />
    </MemoryRouter>
  </QueryClientProvider>
);

describe('MomentsList updates', () => {
  it('renders again only the cards whose moment changed', async () => {
    answer = [journal('a', 1), journal('b', 2), journal('c', 3), journal('d', 4)];
    const { rerender } = render(list());
    await waitFor(() => expect(screen.getAllByTestId('moment-card')).toHaveLength(4));
    const cardRenders = vi.mocked(shared.formatShortDate);
    const afterFirst = cardRenders.mock.calls.length;
    expect(afterFirst).toBeGreaterThanOrEqual(4);

    // A new answer with the same moments (structural sharing keeps each unchanged object).
    answer = [...answer];
    rerender(list());
    await waitFor(() => expect(screen.getAllByTestId('moment-card')).toHaveLength(4));
    expect(cardRenders.mock.calls.length).toBe(afterFirst);

    // One moment renamed: its card alone renders again, with the new title.
    answer = answer.map((j) => (j.id === 'b' ? { ...j, title: 'Renamed' } : j));
    rerender(list());
    await screen.findByText('Renamed');
    expect(cardRenders.mock.calls.length).toBe(afterFirst + 1);
  });
});

describe('MomentsList tabs', () => {
  const member = (id: string) => ({
    id,
    firstName: id,
    lastName: null,
    profilePictureUrl: null,
    role: 'owner' as const,
  });

  it('switches between Private and Shared by tap and by arrow, Home and End keys', async () => {
    answer = [
      journal('mine', 1),
      { ...journal('ours', 2), collaborators: [member('u1'), member('u2')] },
    ];
    render(list());
    const privateTab = screen.getByRole('tab', { name: 'Private' });
    const sharedTab = screen.getByRole('tab', { name: 'Shared' });
    const panel = () => screen.getByRole('tabpanel');
    expect(privateTab.getAttribute('aria-selected')).toBe('true');
    expect(sharedTab.getAttribute('aria-selected')).toBe('false');
    // One tab stop: the selected tab.
    expect([privateTab.tabIndex, sharedTab.tabIndex]).toEqual([0, -1]);
    await screen.findByText('Moment mine');
    expect(panel().getAttribute('aria-labelledby')).toBe('tab-private');

    fireEvent.click(sharedTab);
    await screen.findByText('Moment ours');
    expect(screen.queryByText('Moment mine')).toBeNull();
    expect(sharedTab.getAttribute('aria-selected')).toBe('true');
    expect(panel().getAttribute('aria-labelledby')).toBe('tab-shared');

    fireEvent.keyDown(sharedTab, { key: 'ArrowRight' }); // wraps round to the first
    await screen.findByText('Moment mine');
    expect(document.activeElement).toBe(privateTab);
    expect([privateTab.tabIndex, sharedTab.tabIndex]).toEqual([0, -1]);

    fireEvent.keyDown(privateTab, { key: 'End' });
    await screen.findByText('Moment ours');
    expect(document.activeElement).toBe(sharedTab);

    fireEvent.keyDown(sharedTab, { key: 'Home' });
    await screen.findByText('Moment mine');
    fireEvent.keyDown(privateTab, { key: 'ArrowLeft' });
    await screen.findByText('Moment ours');
    expect(document.activeElement).toBe(sharedTab);
  });

  it('switches by a sideways swipe of 100 px while the finger still moves, not by a vertical one', async () => {
    answer = [
      journal('mine', 1),
      { ...journal('ours', 2), collaborators: [member('u1'), member('u2')] },
    ];
    render(list());
    await screen.findByText('Moment mine');
    const area = screen.getByRole('tabpanel');
    const selected = () => screen.getByRole('tab', { selected: true }).textContent;
    const at = (x: number, y: number) => [{ clientX: x, clientY: y }];

    // Mostly vertical: a scroll.
    fireEvent.touchStart(area, { touches: at(300, 100) });
    fireEvent.touchMove(area, { touches: at(180, 260) });
    fireEvent.touchEnd(area, { changedTouches: at(180, 260) });
    expect(selected()).toBe('Private');

    // Sideways, short of 100 px.
    fireEvent.touchStart(area, { touches: at(300, 100) });
    fireEvent.touchMove(area, { touches: at(210, 110) });
    fireEvent.touchEnd(area, { changedTouches: at(210, 110) });
    expect(selected()).toBe('Private');

    // To the left: Shared, as soon as the finger has gone 100 px, and once per gesture.
    fireEvent.touchStart(area, { touches: at(300, 100) });
    fireEvent.touchMove(area, { touches: at(200, 110) });
    expect(selected()).toBe('Shared');
    await screen.findByText('Moment ours');
    fireEvent.touchMove(area, { touches: at(60, 110) });
    fireEvent.touchEnd(area, { changedTouches: at(60, 110) });
    expect(selected()).toBe('Shared');

    // To the right, decided as the finger lifts: Private again.
    fireEvent.touchStart(area, { touches: at(100, 100) });
    fireEvent.touchEnd(area, { changedTouches: at(220, 120) });
    expect(selected()).toBe('Private');
  });
});

describe('MomentsList covers', () => {
  it('frames each cover by its own crop, all of them through one style rule', async () => {
    const cover = (id: string, cropPosition: number) => ({
      id: `${id}-photo`,
      seq: 1,
      imageUrl: `/api/journals/${id}/images/${id}-photo/display`,
      thumbUrl: `/api/journals/${id}/images/${id}-photo/thumb`,
      orderIndex: 0,
      cropPosition,
      rotation: 0,
      width: 1200,
      height: 1600,
      createdAt: '2026-01-01T00:00:00.000Z',
    });
    answer = [10, 80].map((crop, i) => ({
      ...journal(`crop${crop}`, i + 1),
      images: [cover(`crop${crop}`, crop)],
    }));
    const { container } = render(list());
    await waitFor(() => expect(container.querySelectorAll('img')).toHaveLength(2));
    const covers = [...container.querySelectorAll('img')];
    expect(covers.map((img) => img.style.objectPosition).sort()).toEqual([
      'center 10%',
      'center 80%',
    ]);
    // A crop is not a class of its own: a list of differently framed covers inserts no style
    // rule per card as it renders.
    expect(new Set(covers.map((img) => img.className)).size).toBe(1);
  });
});
