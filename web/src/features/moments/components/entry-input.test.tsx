import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EntryInput } from './entry-input';

const postEntry = vi.fn();
vi.mock('../api/post-entry', () => ({
  usePostEntry: () => ({ postEntry, isPending: false }),
  entryFailureMessage: () => 'failed',
}));

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  postEntry.mockReset();
});

describe('the entry field', () => {
  it("posts only once the press's frame, with Sending, is on screen", async () => {
    // A visible tab whose frames run when the test says.
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) =>
      frames.push(callback),
    );
    const nextFrame = async () => {
      await waitFor(() => expect(frames.length).toBeGreaterThan(0));
      frames.shift()!(performance.now());
      await new Promise((resolve) => setTimeout(resolve, 0));
    };
    postEntry.mockResolvedValue({ queued: true });
    render(<EntryInput journalId="j1" />);
    const field = screen.getByRole('textbox', { name: 'Add to this memory' });
    fireEvent.change(field, { target: { value: 'Arrived at dusk' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(screen.getByRole('progressbar', { name: 'Sending' })).toBeTruthy();

    await nextFrame();
    expect(postEntry).not.toHaveBeenCalled();
    await nextFrame();
    await waitFor(() => expect(postEntry).toHaveBeenCalledTimes(1));
  });

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
