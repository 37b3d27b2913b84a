import { fireEvent, render, screen } from '@testing-library/react';
import type { Comment, JournalImage } from '@moments/shared';
import { describe, expect, it } from 'vitest';
import { testPhoto } from '../../../testing/journal';
import { Entry } from './timeline';

const entry: Comment = {
  id: 'c1',
  text: 'The cake is #photo 30, the dance #photo 2',
  createdAt: '2026-01-01T00:00:00.000Z',
  photoId: null,
  parentCommentId: null,
  user: { id: 'u1', firstName: 'Ann', lastName: null, profilePictureUrl: null },
};

/** Photos `from` to `to` of a moment, shown newest first (the last added leads). */
const photos = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => testPhoto('m1', to - i));

function renderEntry(images: JournalImage[], photoCount: number) {
  const followed: string[] = [];
  render(
    <ul>
      <Entry
        comment={entry}
        images={images}
        photoCount={photoCount}
        onPhotoRef={(image) => followed.push(`photo ${image.id}`)}
        onPhotoNumber={(n) => followed.push(`number ${n}`)}
      />
    </ul>,
  );
  return followed;
}

describe('"#photo N" links of a big moment', () => {
  it('links every number up to the photo count, and asks for it while the photos are not held', () => {
    // The first answer held the 20 newest of 40 photos: the page gives the timeline none yet.
    const followed = renderEntry([], 40);
    fireEvent.click(screen.getByRole('button', { name: '#photo 30' }));
    fireEvent.click(screen.getByRole('button', { name: '#photo 2' }));
    expect(followed).toEqual(['number 30', 'number 2']);
    // No thumbnail of a photo it cannot show.
    expect(screen.queryByRole('button', { name: /^Show photo/ })).toBeNull();
  });

  it('shows the photo itself once every photo is held', () => {
    const followed = renderEntry(photos(1, 40), 40);
    fireEvent.click(screen.getByRole('button', { name: '#photo 30' }));
    expect(followed).toEqual(['photo p30']);
    expect(screen.getByRole('button', { name: 'Show photo 2' })).toBeTruthy();
  });
});
