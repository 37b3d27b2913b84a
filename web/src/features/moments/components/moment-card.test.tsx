import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import type { Collaborator, Journal } from '@moments/shared';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { insertedStyles } from '../../../testing/inserted-styles';
import { testJournal } from '../../../testing/journal';
import { MomentCard } from './moment-card';

const person = (id: string, picture: string | null = null): Collaborator => ({
  id,
  firstName: id,
  lastName: 'Lee',
  profilePictureUrl: picture,
  role: 'contributor',
});

const cover = {
  id: 'p1',
  seq: 1,
  imageUrl: '/api/journals/m1/images/p1/display',
  thumbUrl: '/api/journals/m1/images/p1/thumb',
  orderIndex: 0,
  cropPosition: 30,
  rotation: 0,
  width: 1200,
  height: 1600,
  createdAt: '2026-01-01T00:00:00.000Z',
};

function renderCard(journal: Journal) {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <MomentCard journal={journal} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('MomentCard', () => {
  it('shows the cover, date, title, people and new comments without styling at run time', () => {
    const before = insertedStyles();
    renderCard(
      testJournal('m1', '2026-03-14T10:00:00.000Z', {
        title: 'Lake weekend',
        images: [cover],
        collaborators: [
          person('Ann', '/api/users/ann/picture/1'),
          person('Bo'),
          person('Cy'),
          person('Di'),
        ],
        newCommentsCount: 3,
      }),
    );

    const link = screen.getByRole('link');
    expect(link.getAttribute('href')).toBe('/journals/m1');
    expect(link.textContent).toContain('Lake weekend');
    expect(link.textContent).toContain('3 new comments');
    expect(within(link).getByRole('heading', { level: 2 }).textContent).toBe('Lake weekend');
    expect(link.querySelector('time')?.getAttribute('dateTime')).toBe('2026-03-14T10:00:00.000Z');
    const people = within(link).getByRole('group', { name: '4 people' });
    expect(within(people).getByAltText('Ann Lee')).toBeTruthy();
    expect(people.textContent).toBe('BLCL+1');
    // The badge's number is not read out a second time.
    const badge = screen.getByTestId('new-comments-badge');
    expect([badge.textContent, badge.getAttribute('aria-hidden')]).toEqual(['3', 'true']);
    expect(screen.getByRole('button', { name: 'Moment options' })).toBeTruthy();

    // Its styles are a static sheet: fifty cards insert no rule as they render.
    expect(insertedStyles()).toBe(before);
  });

  it('caps the badge at 99+, and shows none without new comments', () => {
    const { unmount } = renderCard(
      testJournal('m1', '2026-03-14T10:00:00.000Z', { newCommentsCount: 120 }),
    );
    expect(screen.getByTestId('new-comments-badge').textContent).toBe('99+');
    unmount();
    renderCard(testJournal('m1', '2026-03-14T10:00:00.000Z'));
    expect(screen.queryByTestId('new-comments-badge')).toBeNull();
  });

  it("shows a person's initials when their photo fails to load", () => {
    renderCard(
      testJournal('m1', '2026-03-14T10:00:00.000Z', {
        collaborators: [person('Ann', '/api/users/ann/picture/1')],
      }),
    );
    const people = screen.getByRole('group', { name: '1 person' });
    fireEvent.error(within(people).getByAltText('Ann Lee'));
    expect(within(people).queryByRole('img')).toBeNull();
    expect(people.textContent).toBe('AL');
  });
});
