import { useState } from 'react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { HttpError, type JournalImage } from '@moments/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { compressMomentPhoto } from '../../../lib/compress-image';
import { uploadImage } from '../api/upload-image';
import { usePendingPhotos } from '../api/use-pending-photos';
import { PendingPhotosInput } from './pending-photos';

vi.mock('../api/upload-image', () => ({ uploadImage: vi.fn() }));
vi.mock('../../../lib/compress-image', () => ({ compressMomentPhoto: vi.fn() }));

const upload = vi.mocked(uploadImage);
const compress = vi.mocked(compressMomentPhoto);

const stored: JournalImage = {
  id: 'img1',
  seq: 1,
  imageUrl: '/api/journals/j1/images/img1/display',
  thumbUrl: '/api/journals/j1/images/img1/thumb',
  orderIndex: 0,
  cropPosition: 30,
  rotation: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
};

/** What a moment form does: Save creates the moment (here: j1), then uploads every photo. */
function MomentPhotos() {
  const pending = usePendingPhotos();
  const [journalId, setJournalId] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState('');
  const save = async () => {
    setBusy(true);
    setJournalId('j1');
    const { ok } = await pending.uploadAll('j1');
    setOutcome(ok ? 'All photos stored' : 'Some photos failed');
    setBusy(false);
  };
  return (
    <>
      <PendingPhotosInput
        pending={pending}
        journalId={journalId}
        busy={busy}
        onBusyChange={setBusy}
      />
      <button type="button" onClick={() => void save()} disabled={busy}>
        Save
      </button>
      <p>{outcome}</p>
    </>
  );
}

function choosePhoto(name = 'beach.jpg') {
  const file = new File(['raw bytes'], name, { type: 'image/jpeg' });
  fireEvent.change(screen.getByLabelText('Add photos'), { target: { files: [file] } });
  return file;
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

const photoItem = () =>
  within(screen.getByRole('list', { name: 'New photos' })).getByRole('listitem');

describe('pending photos', () => {
  const compressed = new Blob(['small'], { type: 'image/jpeg' });

  beforeEach(() => {
    upload.mockReset();
    compress.mockReset();
    compress.mockResolvedValue(compressed);
  });

  it('shows why an upload failed and offers Retry, which stores the same compressed copy', async () => {
    upload
      .mockRejectedValueOnce(
        new HttpError(413, JSON.stringify({ message: 'This photo is larger than 15 MB.' })),
      )
      .mockResolvedValueOnce(stored);
    render(<MomentPhotos />);
    choosePhoto();
    expect(within(photoItem()).getByText('Ready to upload')).toBeTruthy();
    // Before the moment exists there is nothing to retry into.
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Some photos failed')).toBeTruthy();
    expect(within(photoItem()).getByText('Upload failed')).toBeTruthy();
    expect(within(photoItem()).getByText('This photo is larger than 15 MB.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await within(photoItem()).findByText('Uploaded')).toBeTruthy();
    expect(screen.queryByText('This photo is larger than 15 MB.')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    // A stored photo can no longer be removed from the list of new photos.
    expect(screen.queryByRole('button', { name: 'Remove new photo 1' })).toBeNull();

    expect(compress).toHaveBeenCalledTimes(1);
    expect(upload).toHaveBeenCalledTimes(2);
    expect(upload.mock.calls[1]).toEqual(['j1', compressed, { filename: 'beach.jpg' }]);
  });

  it('keeps the form busy while a retry runs', async () => {
    upload.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    render(<MomentPhotos />);
    choosePhoto();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const retry = await screen.findByRole('button', { name: 'Retry' });

    const answer = deferred<JournalImage>();
    upload.mockReturnValueOnce(answer.promise);
    fireEvent.click(retry);
    expect(await within(photoItem()).findByText('Uploading…')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Add photos' }).hasAttribute('disabled')).toBe(true);

    answer.resolve(stored);
    expect(await within(photoItem()).findByText('Uploaded')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(false),
    );
  });

  it('retries only the photo that failed: a stored one is not sent again', async () => {
    const second: JournalImage = { ...stored, id: 'img2', seq: 2 };
    upload
      .mockResolvedValueOnce(stored)
      .mockRejectedValueOnce(new HttpError(500, ''))
      .mockResolvedValueOnce(second);
    render(<MomentPhotos />);
    choosePhoto('one.jpg');
    choosePhoto('two.jpg');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Some photos failed')).toBeTruthy();
    const items = within(screen.getByRole('list', { name: 'New photos' })).getAllByRole('listitem');
    expect(within(items[0]!).getByText('Uploaded')).toBeTruthy();
    expect(within(items[1]!).getByText('Upload failed')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(within(items[1]!).getByText('Uploaded')).toBeTruthy());
    expect(upload.mock.calls.map(([, , options]) => options?.filename)).toEqual([
      'one.jpg',
      'two.jpg',
      'two.jpg',
    ]);
  });
});
