import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { writeCacheOwner } from '../../../lib/offline-db';
import { tellWorker } from '../../../lib/pwa';
import { afterIdle } from '../../../lib/schedule';
import { isUserFromDevice, userQueryKey, useUser } from '../../auth/api/get-user';
import { rememberUser } from '../../auth/utils/last-user';
import { startOutboxSync } from '../api/outbox-sync';

/**
 * Keeps the device's offline state in step with the session (mounted once, at the root):
 * remembers the signed-in person, tells the worker whose photos to cache, sends the outbox, and
 * asks the server again when the network returns. Features add their own parts (moments:
 * MomentsOfflineSync, which also shows what the outbox sent, through onOutboxSent).
 */
export function OfflineSync() {
  const { data: user } = useUser();
  const queryClient = useQueryClient();
  const uid = user?.id ?? null;

  useEffect(() => {
    if (user && !isUserFromDevice()) rememberUser(user);
  }, [user]);

  useEffect(() => {
    if (!uid) return;
    tellWorker({ type: 'CACHE_OWNER', uid });
    // The device's database (the cache's owner, the outbox) once the first screen is up:
    // opening it cost a phone tens of milliseconds in the task that drew that screen.
    let stopOutboxSync = () => {};
    const cancel = afterIdle(() => {
      void writeCacheOwner(uid).catch(() => undefined);
      stopOutboxSync = startOutboxSync(uid);
    });
    return () => {
      cancel();
      stopOutboxSync();
    };
  }, [uid]);

  // Opened offline as the person last known: once online, the server says who it really is.
  useEffect(() => {
    const onOnline = () => {
      if (isUserFromDevice()) void queryClient.invalidateQueries({ queryKey: userQueryKey });
    };
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [queryClient]);

  return null;
}
