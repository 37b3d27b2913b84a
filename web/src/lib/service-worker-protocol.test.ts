import { describe, expect, it } from 'vitest';
import { PHOTO_SIZE_NAMES } from '@moments/shared';
import { isPhotoPath, journalOfPhotoPath, otherSizeUrls, photoCacheName } from './service-worker-protocol';

describe('photo paths the worker caches', () => {
  it('are photo variants and profile pictures, nothing else under /api', () => {
    expect(isPhotoPath('/api/journals/j1/images/i1/thumb')).toBe(true);
    expect(isPhotoPath('/api/journals/j1/images/i1/display')).toBe(true);
    for (const size of PHOTO_SIZE_NAMES) {
      expect(isPhotoPath(`/api/journals/j1/images/i1/${size}`)).toBe(true);
    }
    expect(isPhotoPath('/api/journals/j1/images/i1/constructor')).toBe(false);
    expect(isPhotoPath('/api/users/u1/picture/profile-abcdefghijklmnop.webp')).toBe(true);
    expect(isPhotoPath('/api/journals/j1/images/i1/original')).toBe(false);
    expect(isPhotoPath('/api/journals/j1/images')).toBe(false);
    expect(isPhotoPath('/api/user')).toBe(false);
    expect(isPhotoPath('/api/invites/covers/t')).toBe(false);
  });

  it('name their moment, so access lost can purge them', () => {
    expect(journalOfPhotoPath('/api/journals/j%201/images/i1/thumb')).toBe('j 1');
    expect(journalOfPhotoPath('/api/users/u1/picture/p.webp')).toBeUndefined();
  });

  it('offline, stand in for each other: the nearest larger size first, then smaller', () => {
    const photo = 'https://moments.test/api/journals/j1/images/i1';
    expect(otherSizeUrls(`${photo}/small?rotation=90`)).toEqual([
      `${photo}/thumb?rotation=90`,
      `${photo}/medium?rotation=90`,
      `${photo}/display?rotation=90`,
      `${photo}/tiny?rotation=90`,
    ]);
    expect(otherSizeUrls(`${photo}/display`)).toEqual(
      ['medium', 'thumb', 'small', 'tiny'].map((size) => `${photo}/${size}`),
    );
    expect(otherSizeUrls('https://moments.test/api/users/u1/picture/p.webp')).toEqual([]);
  });

  it('live in a cache of their own per person', () => {
    expect(photoCacheName('u1')).not.toBe(photoCacheName('u2'));
  });
});
