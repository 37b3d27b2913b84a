import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useUser } from '../../auth/api/get-user';
import { setJournalLists } from './get-journals';
import { queueWrite, sendOrQueue } from './send-or-queue';
import { useUpdateJournal } from './update-journal';

/**
 * Pins or unpins a moment for the caller. Online it is sent; offline it waits in the outbox and
 * the card moves at once (the outbox sends the pin when the network returns). Rejects when
 * neither worked.
 */
export function useSetPinned(): (journalId: string, isPinned: boolean) => Promise<void> {
  const queryClient = useQueryClient();
  const { mutateAsync } = useUpdateJournal();
  const uid = useUser().data?.id;
  return useCallback(
    async (journalId: string, isPinned: boolean) => {
      await sendOrQueue({
        send: () => mutateAsync({ id: journalId, input: { isPinned } }),
        queue: async () => {
          await queueWrite(uid, journalId, { kind: 'pin', isPinned });
          setJournalLists(queryClient, (list) =>
            list?.map((item) => (item.id === journalId ? { ...item, isPinned } : item)),
          );
        },
        queueFirst: !navigator.onLine && uid !== undefined,
        queueAfterNetworkFailure: false,
      });
    },
    [mutateAsync, queryClient, uid],
  );
}
