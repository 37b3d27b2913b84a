import { describe, expect, it } from 'vitest';
import {
  isAboutPhoto,
  parsePhotoRefs,
  photoForRef,
  photoRefNumber,
  referencedPhotoNumbers,
} from './photo-refs';

describe('parsePhotoRefs', () => {
  it('links "#photo N" for 1 and for the photo count', () => {
    expect(parsePhotoRefs('see #photo 1 and #photo 3!', 3)).toEqual([
      { type: 'text', text: 'see ' },
      { type: 'photo', n: 1, text: '#photo 1' },
      { type: 'text', text: ' and ' },
      { type: 'photo', n: 3, text: '#photo 3' },
      { type: 'text', text: '!' },
    ]);
  });

  it('leaves #photo 0 and #photo count+1 as plain text', () => {
    expect(parsePhotoRefs('#photo 0 and #photo 4', 3)).toEqual([
      { type: 'text', text: '#photo 0 and #photo 4' },
    ]);
  });

  it('reads the whole number: "#photo 10" is not "#photo 1" followed by 0', () => {
    expect(parsePhotoRefs('#photo 10', 5)).toEqual([{ type: 'text', text: '#photo 10' }]);
    expect(parsePhotoRefs('#photo 10', 10)).toEqual([{ type: 'photo', n: 10, text: '#photo 10' }]);
  });

  it('links nothing in a moment without photos', () => {
    expect(parsePhotoRefs('#photo 1', 0)).toEqual([{ type: 'text', text: '#photo 1' }]);
  });

  it('matches the exact form "#photo N" only', () => {
    expect(parsePhotoRefs('#Photo 1 #photo1 #photos 1 # photo 1', 3)).toEqual([
      { type: 'text', text: '#Photo 1 #photo1 #photos 1 # photo 1' },
    ]);
  });

  it('handles a reference at the very start and end, and text without any', () => {
    expect(parsePhotoRefs('#photo 2', 2)).toEqual([{ type: 'photo', n: 2, text: '#photo 2' }]);
    expect(parsePhotoRefs('just words', 2)).toEqual([{ type: 'text', text: 'just words' }]);
    expect(parsePhotoRefs('', 2)).toEqual([]);
  });
});

describe('referencedPhotoNumbers', () => {
  it('lists each linked photo once, in order of first mention', () => {
    expect(referencedPhotoNumbers('#photo 2, #photo 9, #photo 1, #photo 2', 3)).toEqual([2, 1]);
  });
});

describe('photoForRef', () => {
  const images = [
    { id: 'c', seq: 7 },
    { id: 'a', seq: 2 },
    { id: 'b', seq: 5 },
  ];

  it('picks the N-th photo by ascending seq, whatever the array order', () => {
    expect(photoForRef(1, images)?.id).toBe('a');
    expect(photoForRef(2, images)?.id).toBe('b');
    expect(photoForRef(3, images)?.id).toBe('c');
  });

  it('finds nothing for 0, count+1 or a fraction', () => {
    expect(photoForRef(0, images)).toBeUndefined();
    expect(photoForRef(4, images)).toBeUndefined();
    expect(photoForRef(1.5, images)).toBeUndefined();
  });

  it('does not reorder the caller’s array', () => {
    photoForRef(1, images);
    expect(images.map((image) => image.id)).toEqual(['c', 'a', 'b']);
  });

  it('numbers another list (a new answer) by its own photos', () => {
    expect(photoForRef(1, images)?.id).toBe('a');
    const later = [...images.filter((image) => image.id !== 'a'), { id: 'd', seq: 9 }];
    expect(photoForRef(1, later)?.id).toBe('b');
    expect(photoForRef(3, later)?.id).toBe('d');
  });
});

describe('photoRefNumber and isAboutPhoto', () => {
  // Display order differs from creation order: "#photo N" follows seq, not the display.
  const images = [
    { id: 'c', seq: 5 },
    { id: 'a', seq: 1 },
    { id: 'b', seq: 3 },
  ];

  it('numbers a photo by its rank in seq order, 0 when it is not there', () => {
    expect(photoRefNumber({ id: 'a' }, images)).toBe(1);
    expect(photoRefNumber({ id: 'b' }, images)).toBe(2);
    expect(photoRefNumber({ id: 'c' }, images)).toBe(3);
    expect(photoRefNumber({ id: 'gone' }, images)).toBe(0);
  });

  it('takes entries tied by photoId or naming the photo as "#photo N", and no others', () => {
    const b = { id: 'b' };
    expect(isAboutPhoto({ text: 'no ref', photoId: 'b' }, b, images)).toBe(true);
    expect(isAboutPhoto({ text: 'see #photo 2', photoId: null }, b, images)).toBe(true);
    expect(isAboutPhoto({ text: 'see #photo 1 and #photo 3', photoId: null }, b, images)).toBe(
      false,
    );
    expect(isAboutPhoto({ text: 'see #photo 2', photoId: 'a' }, { id: 'c' }, images)).toBe(false);
  });
});
