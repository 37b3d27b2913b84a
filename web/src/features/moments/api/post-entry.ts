import { useCallback } from 'react';
import { MOMENT_ERRORS, failureMessage, type CommentInput } from '@moments/shared';
import { useUser } from '../../auth/api/get-user';
import { listOutbox } from '../../offline/api/outbox-store';
import { useCreateComment } from './create-comment';
import { queueFailureMessage, queueWrite, sendOrQueue, type WriteOutcome } from './send-or-queue';

/**
 * Posts an entry now, or keeps it in the outbox with the same id (it may have reached the
 * server already): offline, behind entries of this moment still waiting (so they arrive in
 * order), or when the post never reached the server. A queued entry shows as "Waiting to send".
 * Rejects when the server refused it or the device could not keep it (entryFailureMessage).
 */
export function usePostEntry(journalId: string) {
  const create = useCreateComment(journalId);
  const { mutateAsync } = create;
  const uid = useUser().data?.id;
  const postEntry = useCallback(
    async (input: CommentInput): Promise<WriteOutcome<unknown>> =>
      sendOrQueue({
        send: () => mutateAsync(input),
        queue: () =>
          queueWrite(
            uid,
            journalId,
            {
              kind: 'entry',
              text: input.text,
              photoId: input.photoId ?? null,
              parentCommentId: input.parentCommentId ?? null,
            },
            input.id,
          ),
        // Read from the outbox itself, not from a screen's copy of it, which lags behind an
        // entry queued a moment ago.
        queueFirst: !navigator.onLine || (await hasWaitingItems(uid, journalId)),
        queueAfterNetworkFailure: true,
      }),
    [mutateAsync, uid, journalId],
  );
  return { postEntry, isPending: create.isPending };
}

async function hasWaitingItems(uid: string | undefined, journalId: string): Promise<boolean> {
  if (!uid) return false;
  const items = await listOutbox(uid).catch(() => []);
  return items.some((item) => item.journalId === journalId && item.status === 'waiting');
}

/** What the person is told when an entry was neither posted nor queued. */
export function entryFailureMessage(error: unknown): string {
  return failureMessage(error) || queueFailureMessage(error, MOMENT_ERRORS.postEntry);
}
