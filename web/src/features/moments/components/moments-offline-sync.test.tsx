import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Comment, PostedComment } from '@moments/shared';
import { tellWorker } from '../../../lib/pwa';
import type { SentListener } from '../../offline/api/send-outbox';
import type { OutboxItem } from '../../offline/api/outbox-store';
import { commentsQueryKey } from '../api/get-comments';
import { MomentUnavailableError } from '../api/moment-errors';
import { MomentsOfflineSync } from './moments-offline-sync';

const sentListeners = new Set<SentListener>();
vi.mock('../../offline/api/outbox-sync', () => ({
  onOutboxSent: (listener: SentListener) => {
    sentListeners.add(listener);
    return () => sentListeners.delete(listener);
  },
}));
vi.mock('../../../lib/pwa', () => ({ tellWorker: vi.fn() }));

const posted: PostedComment = {
  id: 'e1',
  text: 'Sent from the outbox',
  createdAt: '2026-11-28T10:00:00.000Z',
  photoId: null,
  parentCommentId: null,
  userId: 'u1',
  userFirstName: 'Maya',
  userLastName: null,
  userProfilePictureUrl: null,
};

function entryItem(journalId: string): OutboxItem {
  return {
    id: 'e1',
    uid: 'u1',
    journalId,
    op: { kind: 'entry', text: posted.text, photoId: null, parentCommentId: null },
    status: 'waiting',
    attempts: 0,
    createdAt: posted.createdAt,
  };
}

function renderSync() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <MomentsOfflineSync />
    </QueryClientProvider>,
  );
  return { queryClient, ...view };
}

describe("moments' part of the offline state", () => {
  beforeEach(() => {
    sentListeners.clear();
    vi.mocked(tellWorker).mockClear();
  });

  it('shows an entry the outbox sent in its loaded timeline at once, once', () => {
    const { queryClient, unmount } = renderSync();
    queryClient.setQueryData<Comment[]>(commentsQueryKey('j1'), []);
    act(() => {
      for (const listener of sentListeners) {
        listener(entryItem('j1'), posted);
        listener(entryItem('j1'), posted);
        listener(entryItem('j2'), posted);
      }
    });
    expect(queryClient.getQueryData<Comment[]>(commentsQueryKey('j1'))?.map((c) => c.text)).toEqual(
      ['Sent from the outbox'],
    );
    // A timeline not loaded is its listener's to fill.
    expect(queryClient.getQueryData(commentsQueryKey('j2'))).toBeUndefined();
    unmount();
    expect(sentListeners.size).toBe(0);
  });

  it("tells the service worker which moments' photos to keep, and which moment was lost", async () => {
    const { queryClient } = renderSync();
    queryClient.setQueryData(['journals'], [{ id: 'j1' }, { id: 'j2' }]);
    expect(tellWorker).toHaveBeenCalledWith({ type: 'KEEP_MOMENTS', journalIds: ['j1', 'j2'] });
    await queryClient
      .fetchQuery({
        queryKey: ['journals', 'j3'],
        queryFn: () => Promise.reject(new MomentUnavailableError()),
      })
      .catch(() => undefined);
    expect(tellWorker).toHaveBeenCalledWith({ type: 'PURGE_MOMENT', journalId: 'j3' });
  });
});
