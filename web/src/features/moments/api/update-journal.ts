import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Journal, UpdateJournalInput } from '@moments/shared';
import { api } from '../../../lib/api-client';
import { tracked } from '../../../lib/analytics';
import { journalsQueryKey, setJournalLists } from './get-journals';
import { journalQueryKey, withPhotosHeld } from './get-journal';

/** PATCH /api/journals/:id: isPinned for any member; title, content, coverImageId for the owner. */
export function updateJournal(id: string, input: UpdateJournalInput): Promise<Journal> {
  const update = api.patch<Journal>(`/api/journals/${encodeURIComponent(id)}`, input);
  if (input.isPinned === undefined) return update;
  return tracked(update, input.isPinned ? 'moment_pinned' : 'moment_unpinned', { journal_id: id });
}

export function useUpdateJournal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: UpdateJournalInput }) =>
      updateJournal(id, input),
    onSuccess: (journal) => {
      queryClient.setQueryData<Journal>(journalQueryKey(journal.id), (held) =>
        withPhotosHeld(held, journal),
      );
      setJournalLists(queryClient, (list) =>
        list?.map((item) =>
          item.id === journal.id
            ? {
                ...item,
                title: journal.title,
                content: journal.content,
                isPinned: journal.isPinned,
              }
            : item,
        ),
      );
      return queryClient.invalidateQueries({ queryKey: journalsQueryKey, exact: true });
    },
  });
}
