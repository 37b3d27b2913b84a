import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { postedToComment, type Comment, type Journal, type PostedComment } from '@moments/shared';
import { writeCacheOwner } from '../../../lib/offline-db';
import { tellWorker } from '../../../lib/pwa';
import { afterIdle } from '../../../lib/schedule';
import { isUserFromDevice, userQueryKey, useUser } from '../../auth/api/get-user';
import { rememberUser } from '../../auth/utils/last-user';

import { commentsQueryKey } from '../../moments/api/get-comments';
import { isMomentUnavailable } from '../../moments/api/moment-errors';
import { onOutboxSent, startOutboxSync } from '../api/outbox-sync';

/**
 * Keeps the device's offline state in step with the session (mounted once, at the root):
 * remembers the signed-in person, tells the worker whose photos to cache and which moments
 * they may still see, sends the outbox, and asks the server again when the network returns.
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

  // Access lost (removed, left, deleted): the live listeners notice; the worker forgets the photos.
  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        if (event.type !== 'updated') return;
        const [root, id, sub] = event.query.queryKey;
        if (root !== 'journals' || sub !== undefined) return;
        if (id === undefined && event.action.type === 'success') {
          const list = event.query.state.data as Journal[] | undefined;
          if (list) tellWorker({ type: 'KEEP_MOMENTS', journalIds: list.map((j) => j.id) });
        } else if (
          typeof id === 'string' &&
          event.action.type === 'error' &&
          isMomentUnavailable(event.action.error)
        ) {
          tellWorker({ type: 'PURGE_MOMENT', journalId: id });
        }
      }),
    [queryClient],
  );

  // An entry sent from the outbox shows as posted at once, before the listener brings it.
  useEffect(
    () =>
      onOutboxSent((item, answer) => {
        if (item.op.kind !== 'entry' || !answer) return;
        const posted = postedToComment(answer as PostedComment);
        queryClient.setQueryData<Comment[]>(commentsQueryKey(item.journalId), (list) =>
          !list || list.some((entry) => entry.id === posted.id) ? list : [...list, posted],
        );
      }),
    [queryClient],
  );

  return null;
}
