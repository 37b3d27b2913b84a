import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { insertedStyles } from '../../../testing/inserted-styles';
import { testPhoto } from '../../../testing/journal';
import { PhotoCarousel } from './photo-carousel';

/** The carousel of a moment with `count` photos, its position kept as the moment page keeps it. */
function Carousel({ count, opened }: { count: number; opened: string[] }) {
  const [index, setIndex] = useState(0);
  const images = Array.from({ length: count }, (_, i) => testPhoto('m1', i + 1));
  return (
    <PhotoCarousel
      images={images}
      index={index}
      onIndexChange={setIndex}
      title="Lake"
      onOpen={(image) => opened.push(`photo ${image.id}`)}
      onOpenComments={(image) => opened.push(`comments ${image.id}`)}
    />
  );
}

describe('PhotoCarousel', () => {
  it('moves between photos by its dots and opens one, without styling at run time', () => {
    const opened: string[] = [];
    const before = insertedStyles();
    render(<Carousel count={3} opened={opened} />);
    const photos = screen.getByRole('region', { name: 'Photos' });

    expect(within(photos).getByText('1 of 3')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Lake, photo 1 of 3' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show photo 3' }));
    expect(within(photos).getByText('3 of 3')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Show photo 3' }).getAttribute('aria-current')).toBe(
      'true',
    );
    // Only the photo in view is read out.
    expect(screen.getAllByRole('img').map((img) => img.getAttribute('alt'))).toEqual([
      'Lake, photo 3 of 3',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Next photo' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous photo' }));
    expect(within(photos).getByText('2 of 3')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'View photo 2 fullscreen' }));
    fireEvent.click(screen.getByRole('button', { name: 'Open photo 2 with its comments' }));
    expect(opened).toEqual(['photo p2', 'comments p2']);

    // A static sheet: thirty photos, their dots and each move of the track insert no rule.
    expect(insertedStyles()).toBe(before);
  });

  it('shows its position as a bar past fifteen photos', () => {
    render(<Carousel count={16} opened={[]} />);
    expect(screen.queryByRole('button', { name: 'Show photo 1' })).toBeNull();
    const bar = screen.getByRole('progressbar', { name: 'Photo position' });
    expect(bar.getAttribute('aria-valuenow')).toBe('6');
    fireEvent.click(screen.getByRole('button', { name: 'Next photo' }));
    expect(bar.getAttribute('aria-valuenow')).toBe('13');
  });

  it('fetches only the photos around one a link jumps to, not every photo before it', () => {
    const images = Array.from({ length: 1000 }, (_, i) => testPhoto('m1', i + 1));
    const props = { images, title: 'Lake', onIndexChange: () => {}, onOpen: () => {} };
    const { container, rerender } = render(
      <PhotoCarousel {...props} index={0} onOpenComments={() => {}} />,
    );
    const fetched = () =>
      [...container.querySelectorAll('img[src]')].map((img) => img.getAttribute('alt'));
    expect(fetched()).toEqual(['Lake, photo 1 of 1000', 'Lake, photo 2 of 1000']);

    rerender(<PhotoCarousel {...props} index={899} onOpenComments={() => {}} />);
    expect(screen.getByText('900 of 1000')).toBeTruthy();
    expect(fetched()).toEqual([
      'Lake, photo 1 of 1000',
      'Lake, photo 2 of 1000',
      'Lake, photo 899 of 1000',
      'Lake, photo 900 of 1000',
      'Lake, photo 901 of 1000',
    ]);
  });
});
