import { useState } from 'react';
import type { JournalImage } from '@moments/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../../lib/api-client';
import { PhotoArranger } from './photo-arranger';

// The HTTP calls are mocked; the rest of the module (the ID token hook-up) stays real.
vi.mock('../../../../lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() },
}));

const JOURNAL = 'j1';

function photo(id: string, seq: number): JournalImage {
  return {
    id,
    seq,
    imageUrl: `/api/journals/${JOURNAL}/images/${id}/display`,
    thumbUrl: `/api/journals/${JOURNAL}/images/${id}/thumb`,
    orderIndex: seq - 1,
    cropPosition: 30,
    rotation: 0,
    createdAt: '2026-05-01T10:00:00.000Z',
  };
}

/** The edit page's part: it keeps the order and hears of removals and saved photos. */
function Page({
  onRemoved = () => undefined,
  onPhotoSaved = () => undefined,
}: {
  onRemoved?: (id: string) => void;
  onPhotoSaved?: (image: JournalImage) => void;
}) {
  const [photos, setPhotos] = useState([photo('a', 1), photo('b', 2), photo('c', 3)]);
  const [coverId, setCoverId] = useState<string | null>('a');
  return (
    <PhotoArranger
      journalId={JOURNAL}
      photos={photos}
      coverId={coverId}
      onReorder={setPhotos}
      onCoverChange={setCoverId}
      onPhotoSaved={(saved) => {
        setPhotos((list) => list.map((p) => (p.id === saved.id ? saved : p)));
        onPhotoSaved(saved);
      }}
      onRemoved={(id) => {
        setPhotos((list) => list.filter((p) => p.id !== id));
        onRemoved(id);
      }}
    />
  );
}

function renderPage(props: Parameters<typeof Page>[0] = {}) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Page {...props} />
    </QueryClientProvider>,
  );
}

const rowIds = () =>
  screen.getAllByTestId('edit-photo').map((row) => row.getAttribute('data-photo-id'));

beforeEach(() => vi.clearAllMocks());

describe('PhotoArranger', () => {
  it('moves a photo with the arrow buttons, says so, and keeps focus on the button', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(screen.getByRole('button', { name: 'Move photo 1 down' }));
    expect(rowIds()).toEqual(['b', 'a', 'c']);
    expect(screen.getByRole('status')).toHaveProperty(
      'textContent',
      'Photo moved to position 2 of 3.',
    );
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move photo 2 down' }));

    await user.click(screen.getByRole('button', { name: 'Move photo 2 down' }));
    expect(rowIds()).toEqual(['b', 'c', 'a']);
    // At the bottom its Move down is disabled: focus moves to its Move up.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move photo 3 up' }));
  });

  it('chooses the cover', async () => {
    const user = userEvent.setup();
    renderPage();
    const cover = (n: number) => screen.getByRole('radio', { name: `Cover Photo ${n}` });
    expect(cover(1)).toHaveProperty('checked', true);
    await user.click(cover(3));
    expect(cover(3)).toHaveProperty('checked', true);
    expect(cover(1)).toHaveProperty('checked', false);
  });

  it('removes a photo only after the shared confirm dialog, through the API', async () => {
    vi.mocked(api.delete).mockResolvedValue({ success: true });
    const onRemoved = vi.fn();
    const user = userEvent.setup();
    renderPage({ onRemoved });

    await user.click(screen.getByRole('button', { name: 'Remove photo 2' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove photo?' });
    expect(within(dialog).getByRole('img', { name: 'The photo to remove' })).toHaveProperty(
      'src',
      expect.stringContaining('/images/b/thumb'),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.delete).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Remove photo 2' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Remove photo?' })).getByRole('button', {
        name: 'Remove',
      }),
    );
    await waitFor(() => expect(onRemoved).toHaveBeenCalledWith('b'));
    expect(api.delete).toHaveBeenCalledWith('/api/journals/j1/images/b');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(rowIds()).toEqual(['a', 'c']);
    expect(screen.getByRole('status').textContent).toBe('Photo removed.');
    // Its Remove button is gone: focus is on the list.
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('list', { name: 'Photos in this moment' }),
      ),
    );
  });

  it('keeps the dialog open with a message when removing fails', async () => {
    vi.mocked(api.delete).mockRejectedValue(new Error('500: boom'));
    const onRemoved = vi.fn();
    const user = userEvent.setup();
    renderPage({ onRemoved });

    await user.click(screen.getByRole('button', { name: 'Remove photo 1' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove photo?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'The photo could not be removed. Please try again.',
    );
    expect(onRemoved).not.toHaveBeenCalled();
    expect(rowIds()).toEqual(['a', 'b', 'c']);
  });

  it('opens the photo editor; a turn and a crop are saved through the API, Undo takes them back', async () => {
    const user = userEvent.setup();
    const onPhotoSaved = vi.fn();
    renderPage({ onPhotoSaved });
    vi.mocked(api.patch).mockImplementation((_path, body) =>
      Promise.resolve({ ...photo('b', 2), ...(body as object) }),
    );

    await user.click(screen.getByRole('button', { name: 'Edit photo 2' }));
    const editor = await screen.findByRole('dialog', { name: 'Edit photo 2' });
    const save = within(editor).getByRole('button', { name: 'Save' });
    const undo = within(editor).getByRole('button', { name: 'Undo' });
    expect(save).toHaveProperty('disabled', true);
    expect(undo).toHaveProperty('disabled', true);

    await user.click(within(editor).getByRole('button', { name: 'Rotate right' }));
    expect(save).toHaveProperty('disabled', false);
    await user.click(undo);
    expect(save).toHaveProperty('disabled', true);

    await user.click(within(editor).getByRole('button', { name: 'Rotate right' }));
    await user.click(within(editor).getByRole('button', { name: 'Rotate right' }));
    const slider = within(editor).getByRole('slider', { name: 'Vertical crop' });
    slider.focus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(slider).toHaveProperty('value', '32');
    await user.click(save);

    await waitFor(() =>
      expect(onPhotoSaved).toHaveBeenCalledWith(
        expect.objectContaining({ id: 'b', rotation: 180, cropPosition: 32 }),
      ),
    );
    expect(api.patch).toHaveBeenCalledWith('/api/journals/j1/images/b', {
      rotation: 180,
      cropPosition: 32,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('Reset goes back to the photo as uploaded', async () => {
    const user = userEvent.setup();
    renderPage();
    vi.mocked(api.patch).mockImplementation((_path, body) =>
      Promise.resolve({ ...photo('a', 1), ...(body as object) }),
    );
    await user.click(screen.getByRole('button', { name: 'Edit photo 1' }));
    const editor = await screen.findByRole('dialog', { name: 'Edit photo 1' });
    const slider = within(editor).getByRole('slider', { name: 'Vertical crop' });
    slider.focus();
    await user.keyboard('{ArrowLeft}');
    expect(slider).toHaveProperty('value', '29');
    await user.click(within(editor).getByRole('button', { name: 'Reset' }));
    expect(slider).toHaveProperty('value', '30');
    expect(within(editor).getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true);
  });
});
