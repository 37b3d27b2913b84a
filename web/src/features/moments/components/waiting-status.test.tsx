import { fireEvent, render, screen } from '@testing-library/react';
import { BILLING_MESSAGES } from '@moments/shared';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { OutboxItem } from '../../offline/api/outbox-store';
import { discardOutboxItem, retryOutboxItem } from '../../offline/api/outbox-sync';
import { WaitingStatus } from './waiting-status';

vi.mock('../../offline/api/outbox-sync', () => ({
  retryOutboxItem: vi.fn(),
  discardOutboxItem: vi.fn(),
}));

function refused(
  op: OutboxItem['op'],
  refusedStatus: number,
  error: string = BILLING_MESSAGES.photoAllowanceReached,
): OutboxItem {
  return {
    id: 'item-1',
    uid: 'u1',
    journalId: 'j1',
    op,
    createdAt: new Date(2026, 10, 28).toISOString(),
    status: 'failed',
    error,
    refusedStatus,
    attempts: 1,
  };
}

const photo: OutboxItem['op'] = {
  kind: 'photo',
  blob: new Blob(['jpeg'], { type: 'image/jpeg' }),
  filename: 'beach.jpg',
};

function Where() {
  const { pathname, search } = useLocation();
  return <p>At {pathname + search}</p>;
}

function renderStatus(item: OutboxItem) {
  render(
    <MemoryRouter initialEntries={['/journals/j1']}>
      <Routes>
        <Route path="/journals/:id" element={<WaitingStatus item={item} />} />
        <Route path="/subscribe" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('WaitingStatus', () => {
  beforeEach(() => {
    vi.mocked(retryOutboxItem).mockReset();
    vi.mocked(discardOutboxItem).mockReset();
  });

  it('a photo refused past the free allowance: the reason, then Get Moments Plus, Retry and Discard', () => {
    renderStatus(refused(photo, 402));
    const refusal = screen.getByRole('alert');
    expect(refusal.textContent).toContain(`Not sent: ${BILLING_MESSAGES.photoAllowanceReached}`);
    const actions = Array.from(refusal.querySelectorAll('a, button'), (node) => node.textContent);
    expect(actions).toEqual(['Get Moments Plus', 'Retry', 'Discard']);

    fireEvent.click(screen.getByRole('link', { name: 'Get Moments Plus' }));
    screen.getByText('At /subscribe?flow=account');
  });

  it('Retry and Discard still act on that photo', () => {
    renderStatus(refused(photo, 402));
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    fireEvent.click(screen.getByRole('button', { name: 'Discard' }));
    expect(retryOutboxItem).toHaveBeenCalledWith('item-1');
    expect(discardOutboxItem).toHaveBeenCalledWith('item-1');
  });

  it('offers no upgrade for a photo refused otherwise', () => {
    renderStatus(refused(photo, 403, 'You do not have access to this moment.'));
    expect(screen.queryByRole('link', { name: 'Get Moments Plus' })).toBeNull();
    screen.getByRole('button', { name: 'Retry' });
  });

  it('offers no upgrade for a refused entry', () => {
    renderStatus(refused({ kind: 'entry', text: 'Hi', photoId: null, parentCommentId: null }, 402));
    expect(screen.queryByRole('link', { name: 'Get Moments Plus' })).toBeNull();
  });
});
