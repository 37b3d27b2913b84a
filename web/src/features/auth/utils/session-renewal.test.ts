import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../lib/api-client';
import { stubLocalStorage } from '../../../testing/storage';
import { oneCookieWriteAtATime } from './one-cookie-write';
import { renewSessionIfDue } from './session-renewal';

vi.mock('../../../lib/api-client', () => ({ api: { post: vi.fn() } }));
vi.mock('../../../lib/firebase-loader', () => ({
  loadFirebase: () => Promise.resolve({ getIdToken: () => Promise.resolve('id-token') }),
}));

const post = vi.mocked(api.post);
const DAY_MS = 24 * 60 * 60 * 1000;
/** An injected clock. */
const NOW = Date.UTC(2026, 10, 28, 9);

beforeEach(() => {
  stubLocalStorage();
  post.mockReset();
  post.mockResolvedValue({ renewed: true });
});

describe('renewSessionIfDue', () => {
  it("sends the client SDK's ID token in one call, at most once a day on this device", async () => {
    expect(await renewSessionIfDue(NOW)).toBe(true);
    expect(post).toHaveBeenCalledExactlyOnceWith('/api/auth/session/renew', {
      idToken: 'id-token',
    });
    expect(await renewSessionIfDue(NOW + DAY_MS - 1)).toBe(false);
    expect(post).toHaveBeenCalledTimes(1);
    await renewSessionIfDue(NOW + DAY_MS);
    expect(post).toHaveBeenCalledTimes(2);
  });

  it('a failed call (offline, session over) is not retried until the next day', async () => {
    post.mockRejectedValueOnce(new Error('offline'));
    expect(await renewSessionIfDue(NOW)).toBe(false);
    expect(await renewSessionIfDue(NOW + 60_000)).toBe(false);
    expect(post).toHaveBeenCalledTimes(1);
  });
});

describe('oneCookieWriteAtATime', () => {
  it('starts a call only once the one before has answered, failed or not', async () => {
    const order: string[] = [];
    let finishFirst: (value: unknown) => void = () => {};
    const first = oneCookieWriteAtATime(() => {
      order.push('first start');
      return new Promise((resolve, reject) => {
        finishFirst = () => reject(new Error('refused'));
        void resolve;
      });
    });
    const second = oneCookieWriteAtATime(async () => {
      order.push('second start');
      return 'second';
    });
    await Promise.resolve();
    expect(order).toEqual(['first start']);
    finishFirst(undefined);
    await expect(first).rejects.toThrow('refused');
    expect(await second).toBe('second');
    expect(order).toEqual(['first start', 'second start']);
  });
});
