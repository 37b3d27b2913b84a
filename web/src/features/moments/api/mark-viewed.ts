import { useCallback, useEffect, useRef } from 'react';
import type { Comment, MarkViewedInput } from '@moments/shared';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useUser } from '../../auth/api/get-user';
import { journalsQueryKey } from './get-journals';
import { queueWrite, sendOrQueue } from './send-or-queue';

/**
 * POST /api/journals/:id/view: resets the caller's new-comments count, up to `through`, the
 * newest entry by someone else on the screen (null: none), so that a view landing late (from the
 * outbox, or as the person leaves) leaves entries they were never shown counted.
 */
export function markViewed(
  journalId: string,
  through: MarkViewedInput['through'],
): Promise<{ success: boolean }> {
  return api.post(`/api/journals/${encodeURIComponent(journalId)}/view`, { through });
}

/**
 * After the comments load, the moment is marked viewed and the list refreshed. Offline, or when
 * the mark never reached the server, it waits in the outbox.
 *
 * A plain callback, not a mutation hook: nothing shows the mark's progress, and each change of
 * a mutation's state would render the whole moment page again, at once and in one piece.
 */
export function useMarkViewed(): (journalId: string, through: string | null) => void {
  const queryClient = useQueryClient();
  const uid = useUser().data?.id;
  return useCallback(
    (journalId: string, through: string | null) =>
      markInTurn(journalId, through, (newest) =>
        sendOrQueue({
          send: () => markViewed(journalId, newest),
          queue: () => queueWrite(uid, journalId, { kind: 'view', through: newest }),
          queueFirst: !navigator.onLine,
          queueAfterNetworkFailure: true,
        })
          .then(() => queryClient.invalidateQueries({ queryKey: journalsQueryKey, exact: true }))
          .catch((error: unknown) => console.warn('The moment could not be marked viewed:', error)),
      ),
    [queryClient, uid],
  );
}

/** Per moment: the mark on its way, and the newest asked for meanwhile. */
const marksUnderWay = new Map<string, { next?: { through: string | null } }>();

/**
 * One mark of a moment at a time: two at once contend for the person's state of it (under load
 * the emulator gave up on one, and the badge kept an entry the person had seen). Marks asked for
 * meanwhile wait, and only the newest is sent: it says all the others would. `mark` never fails.
 */
function markInTurn(
  journalId: string,
  through: string | null,
  mark: (through: string | null) => Promise<void>,
): void {
  const underWay = marksUnderWay.get(journalId);
  if (underWay) {
    underWay.next = { through };
    return;
  }
  const turn: { next?: { through: string | null } } = {};
  marksUnderWay.set(journalId, turn);
  const send = (newest: string | null) =>
    void mark(newest).then(() => {
      const { next } = turn;
      turn.next = undefined;
      if (next) send(next.through);
      else marksUnderWay.delete(journalId);
    });
  send(through);
}

/**
 * Marks the moment viewed once its timeline shows, and again whenever an entry by someone else
 * arrives while it is open (it is in view) or the badge rises meanwhile. Waiting for the badge
 * alone left an entry seen on screen counted as new when the person left before the count
 * caught up.
 */
export function useMarkViewedWhileOpen(
  journalId: string,
  shown: readonly Comment[] | undefined,
  unseen: number,
) {
  const markViewed = useMarkViewed();
  const me = useUser().data?.id;
  const newestByOthers = shown?.findLast((entry) => entry.user.id !== me)?.id ?? null;
  const marked = useRef<string | null>(null);
  useEffect(() => {
    if (!shown) return;
    const seen = `${journalId}/${newestByOthers}`;
    if (marked.current !== seen || unseen > 0) {
      marked.current = seen;
      markViewed(journalId, newestByOthers);
    }
  }, [shown, journalId, newestByOthers, unseen, markViewed]);
}
