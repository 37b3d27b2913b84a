import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { writeCacheOwner } from '../../../lib/offline-db';
import { tellWorker } from '../../../lib/pwa';
import { startOutboxSync } from '../api/outbox-sync';
import { OfflineSync } from './offline-sync';

vi.mock('../../auth/api/get-user', () => ({
  useUser: () => ({ data: { id: 'u1' } }),
  isUserFromDevice: () => false,
  userQueryKey: ['user'],
}));
vi.mock('../../auth/utils/last-user', () => ({ rememberUser: vi.fn() }));
vi.mock('../../../lib/offline-db', () => ({ writeCacheOwner: vi.fn(() => Promise.resolve()) }));
vi.mock('../../../lib/pwa', () => ({ tellWorker: vi.fn() }));
vi.mock('../api/outbox-sync', () => ({ startOutboxSync: vi.fn(), onOutboxSent: () => () => {} }));

/** The browser's idle callbacks, run by the test. */
let idle: (() => void)[] = [];

describe('the offline sync at start', () => {
  beforeEach(() => {
    idle = [];
    vi.stubGlobal('requestIdleCallback', (task: () => void) => idle.push(task));
    vi.stubGlobal('cancelIdleCallback', () => {});
    vi.mocked(startOutboxSync).mockReset();
    vi.mocked(writeCacheOwner).mockClear();
  });
  afterEach(() => vi.unstubAllGlobals());

  it("opens the device's database once the main thread is idle, not while the first screen draws", () => {
    const stop = vi.fn();
    vi.mocked(startOutboxSync).mockReturnValue(stop);
    const { unmount } = render(
      <QueryClientProvider client={new QueryClient()}>
        <OfflineSync />
      </QueryClientProvider>,
    );
    // The service worker learns whose photos to keep at once (a message, no database).
    expect(tellWorker).toHaveBeenCalledWith({ type: 'CACHE_OWNER', uid: 'u1' });
    expect(writeCacheOwner).not.toHaveBeenCalled();
    expect(startOutboxSync).not.toHaveBeenCalled();

    act(() => idle.forEach((task) => task()));
    expect(writeCacheOwner).toHaveBeenCalledWith('u1');
    expect(startOutboxSync).toHaveBeenCalledWith('u1');

    unmount();
    expect(stop).toHaveBeenCalled();
  });
});
