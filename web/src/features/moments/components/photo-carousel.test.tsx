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

  it("renders a big moment's photos near those shown, and counts every photo of the moment", () => {
    // The API's first answer of a 1,000-photo moment: its first 20 photos.
    const images = Array.from({ length: 20 }, (_, i) => testPhoto('m1', i + 1));
    const props = { images, count: 1000, title: 'Lake', onIndexChange: () => {}, onOpen: () => {} };
    const { container, rerender } = render(
      <PhotoCarousel {...props} index={0} onOpenComments={() => {}} />,
    );
    expect(screen.getByText('1 of 1000')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Lake, photo 1 of 1000' })).toBeTruthy();
    const track = () => container.querySelector('[data-testid="carousel-frame"] > div')!;
    // Photos 1 and 2: the 18 after them need no place.
    expect(track().children).toHaveLength(2);
    expect(container.querySelectorAll('img')).toHaveLength(2);

    rerender(<PhotoCarousel {...props} index={14} onOpenComments={() => {}} />);
    expect(screen.getByText('15 of 1000')).toBeTruthy();
    // 1, 2, then 14 to 16, the 14th keeping the place of the 11 between: the track still moves
    // by whole photos.
    expect(
      [...track().children].map((el) => [
        el.getAttribute('alt'),
        (el as HTMLElement).style.marginLeft,
      ]),
    ).toEqual([
      ['Lake, photo 1 of 1000', ''],
      ['Lake, photo 2 of 1000', ''],
      ['Lake, photo 14 of 1000', '1100%'],
      ['Lake, photo 15 of 1000', ''],
      ['Lake, photo 16 of 1000', ''],
    ]);
    expect(track().getAttribute('style')).toContain('translateX(-1400%)');
  });
});
