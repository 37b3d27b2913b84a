import { describe, expect, it } from 'vitest';
import { isPhotoPath, journalOfPhotoPath, photoCacheName } from './worker-protocol';

describe('photo paths the worker caches', () => {
  it('are photo variants and profile pictures, nothing else under /api', () => {
    expect(isPhotoPath('/api/journals/j1/images/i1/thumb')).toBe(true);
    expect(isPhotoPath('/api/journals/j1/images/i1/display')).toBe(true);
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

  it('live in a cache of their own per person', () => {
    expect(photoCacheName('u1')).not.toBe(photoCacheName('u2'));
  });
});
