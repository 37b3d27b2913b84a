import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { EntryInput } from './entry-input';

const postEntry = vi.fn();
vi.mock('../api/post-entry', () => ({
  usePostEntry: () => ({ postEntry, isPending: false }),
  entryFailureMessage: () => 'failed',
}));

describe('the entry field', () => {
  it('shows Sending from the press and keeps every entry of a fast thumb, in order', async () => {
    // Each entry is kept (offline: in the outbox) only when the test says so.
    const keep: (() => void)[] = [];
    postEntry.mockImplementation(
      () => new Promise((resolve) => keep.push(() => resolve({ queued: true }))),
    );
    render(<EntryInput journalId="j1" />);
    const field = screen.getByRole('textbox', { name: 'Add to this memory' });
    for (const text of ['Arrived at dusk', 'Fire is going', 'Stars everywhere']) {
      fireEvent.change(field, { target: { value: text } });
      fireEvent.keyDown(field, { key: 'Enter' });
    }
    expect(screen.getByRole('progressbar', { name: 'Sending' })).toBeTruthy();

    for (let sent = 1; sent <= 3; sent += 1) {
      await waitFor(() => expect(postEntry).toHaveBeenCalledTimes(sent));
      keep.shift()!();
    }
    expect(postEntry.mock.calls.map(([input]) => (input as { text: string }).text)).toEqual([
      'Arrived at dusk',
      'Fire is going',
      'Stars everywhere',
    ]);
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
  });
});
