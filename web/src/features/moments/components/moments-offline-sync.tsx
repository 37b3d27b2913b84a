import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { nextJournalCursor, type Journal, type PostedComment } from '@moments/shared';
import { tellWorker } from '../../../lib/pwa';
import { onOutboxSent } from '../../offline/api/outbox-sync';
import { showPostedEntry } from '../api/get-comments';
import { isMomentUnavailable } from '../api/moment-errors';

/**
 * Moments' part of the device's offline state (mounted once, at the root, beside OfflineSync):
 * the service worker keeps the photos of the person's moments only, and an entry sent from the
 * outbox shows as posted at once, before the listener brings it.
 */
export function MomentsOfflineSync() {
  const queryClient = useQueryClient();

  // Access lost (removed, left, deleted): the live listeners notice; the worker forgets the photos.
  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        if (event.type !== 'updated') return;
        const [root, id, sub] = event.query.queryKey;
        if (root !== 'journals' || sub !== undefined) return;
        if (id === undefined && event.action.type === 'success') {
          const list = event.query.state.data as Journal[] | undefined;
          // Only a whole list names every moment the person still has: a first page with more
          // below would make the worker drop the photos of the moments further down.
          if (list && nextJournalCursor(list) === null) {
            tellWorker({ type: 'KEEP_MOMENTS', journalIds: list.map((j) => j.id) });
          }
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

  useEffect(
    () =>
      onOutboxSent((item, answer) => {
        if (item.op.kind === 'entry' && answer) {
          showPostedEntry(queryClient, item.journalId, answer as PostedComment);
        }
      }),
    [queryClient],
  );

  return null;
}
