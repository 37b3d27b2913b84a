import { useEffect } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../lib/api-client';
import { enqueue } from '../../offline/api/outbox-sync';
import { useMarkViewed } from './mark-viewed';

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
    useEffect(() => markViewed('j1'), [markViewed]);
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
    expect(post).toHaveBeenCalledWith('/api/journals/j1/view');
    // The mark's progress is nobody's to show: the whole moment page rendered once.
    expect(page.renders).toBe(1);
  });

  it('keeps the mark in the outbox when the network fails', async () => {
    post.mockRejectedValue(new TypeError('Failed to fetch'));
    const { invalidate } = renderPage();
    await waitFor(() => expect(enqueue).toHaveBeenCalledWith('u1', 'j1', { kind: 'view' }));
    await waitFor(() => expect(invalidate).toHaveBeenCalled());
  });
});
