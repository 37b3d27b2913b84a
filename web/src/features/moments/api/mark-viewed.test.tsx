import { useEffect } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../lib/api-client';
import { enqueue } from '../../offline/api/outbox-sync';
import type { Comment } from '@moments/shared';
import { useMarkViewed, useMarkViewedWhileOpen } from './mark-viewed';

vi.mock('../../../lib/api-client', async (original) => ({
  ...(await original<typeof import('../../../lib/api-client')>()),
  api: { post: vi.fn(), get: vi.fn() },
}));
vi.mock('../../auth/api/get-user', () => ({ useUser: () => ({ data: { id: 'u1' } }) }));
vi.mock('../../offline/api/outbox-sync', () => ({ enqueue: vi.fn() }));

const post = vi.mocked(api.post);

/** A moment page as far as the mark goes: marks its moment once it shows, counts its renders. */
function renderPage() {
  const queryClient = new QueryClient();
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  const page = { renders: 0 };
  function Page() {
    page.renders += 1;
    const markViewed = useMarkViewed();
    useEffect(() => markViewed('j1', 'e1'), [markViewed]);
    return null;
  }
  render(
    <QueryClientProvider client={queryClient}>
      <Page />
    </QueryClientProvider>,
  );
  return { page, invalidate };
}

describe('marking a moment viewed', () => {
  beforeEach(() => {
    post.mockReset();
    vi.mocked(enqueue).mockReset();
  });

  it('tells the server and refreshes the list, without rendering the page again', async () => {
    post.mockResolvedValue({ success: true });
    const { page, invalidate } = renderPage();
    await waitFor(() =>
      expect(invalidate).toHaveBeenCalledWith({ queryKey: ['journals'], exact: true }),
    );
    expect(post).toHaveBeenCalledWith('/api/journals/j1/view', { through: 'e1' });
    // The mark's progress is nobody's to show: the whole moment page rendered once.
    expect(page.renders).toBe(1);
  });

  it('sends one mark of a moment at a time, then only the newest asked for meanwhile', async () => {
    const answers: (() => void)[] = [];
    post.mockImplementation(
      () => new Promise((resolve) => answers.push(() => resolve({ success: true }))),
    );
    const queryClient = new QueryClient();
    // Called once each mark is answered.
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const { result } = renderHook(() => useMarkViewed(), {
      wrapper: ({ children }) => (
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      ),
    });
    const markViewed = result.current;
    markViewed('j1', 'e1');
    markViewed('j1', 'e2');
    markViewed('j1', 'e3');
    // Another moment's mark does not wait.
    markViewed('j2', 'x1');
    expect(post.mock.calls).toEqual([
      ['/api/journals/j1/view', { through: 'e1' }],
      ['/api/journals/j2/view', { through: 'x1' }],
    ]);

    answers[0]!();
    await waitFor(() => expect(post).toHaveBeenCalledTimes(3));
    expect(post).toHaveBeenLastCalledWith('/api/journals/j1/view', { through: 'e3' });
    answers[1]!();
    answers[2]!();
    // Nothing more was asked for: the next mark of j1 goes at once.
    await waitFor(() => expect(invalidate).toHaveBeenCalledTimes(3));
    markViewed('j1', 'e4');
    expect(post).toHaveBeenCalledTimes(4);
    answers[3]!();
  });

  it('keeps the mark in the outbox when the network fails', async () => {
    post.mockRejectedValue(new TypeError('Failed to fetch'));
    const { invalidate } = renderPage();
    await waitFor(() =>
      expect(enqueue).toHaveBeenCalledWith('u1', 'j1', { kind: 'view', through: 'e1' }),
    );
    await waitFor(() => expect(invalidate).toHaveBeenCalled());
  });
});

function entry(id: string, authorId: string): Comment {
  return {
    id,
    text: id,
    createdAt: '2026-11-28T10:00:00.000Z',
    photoId: null,
    parentCommentId: null,
    user: { id: authorId, firstName: 'Leo', lastName: 'Park', profilePictureUrl: null },
  };
}

describe('a moment marked viewed while it is open', () => {
  beforeEach(() => {
    post.mockReset();
    post.mockResolvedValue({ success: true });
  });

  function openMoment() {
    const queryClient = new QueryClient();
    return renderHook(
      ({ shown, unseen }: { shown: Comment[] | undefined; unseen: number }) =>
        useMarkViewedWhileOpen('j1', shown, unseen),
      {
        initialProps: { shown: undefined as Comment[] | undefined, unseen: 0 },
        wrapper: ({ children }) => (
          <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
        ),
      },
    );
  }

  it('marks once the timeline shows, and again for an entry by someone else arriving', async () => {
    const page = openMoment();
    expect(post).not.toHaveBeenCalled();
    page.rerender({ shown: [entry('e1', 'u2')], unseen: 0 });
    expect(post).toHaveBeenCalledTimes(1);
    // Up to the newest entry by someone else on screen: later ones stay counted.
    expect(post).toHaveBeenLastCalledWith('/api/journals/j1/view', { through: 'e1' });
    // The same timeline again (a re-render, a refetch): nothing new was seen.
    page.rerender({ shown: [entry('e1', 'u2')], unseen: 0 });
    expect(post).toHaveBeenCalledTimes(1);
    // Leo's entry arrives live before the badge has counted it: it is on screen, so seen.
    page.rerender({ shown: [entry('e1', 'u2'), entry('e2', 'u2')], unseen: 0 });
    await waitFor(() => expect(post).toHaveBeenCalledTimes(2));
    expect(post).toHaveBeenLastCalledWith('/api/journals/j1/view', { through: 'e2' });
  });

  it("does not mark again for the person's own entry, but does when the badge rises", async () => {
    const page = openMoment();
    page.rerender({ shown: [entry('e1', 'u2')], unseen: 0 });
    page.rerender({ shown: [entry('e1', 'u2'), entry('mine', 'u1')], unseen: 0 });
    expect(post).toHaveBeenCalledTimes(1);
    page.rerender({ shown: [entry('e1', 'u2'), entry('mine', 'u1')], unseen: 1 });
    await waitFor(() => expect(post).toHaveBeenCalledTimes(2));
    expect(post).toHaveBeenLastCalledWith('/api/journals/j1/view', { through: 'e1' });
  });

  it('marks through no entry when only the person has written', () => {
    const page = openMoment();
    page.rerender({ shown: [entry('mine', 'u1')], unseen: 0 });
    expect(post).toHaveBeenLastCalledWith('/api/journals/j1/view', { through: null });
  });
});
