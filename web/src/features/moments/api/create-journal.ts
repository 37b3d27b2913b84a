import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateJournalInput, Journal } from '@moments/shared';
import { api } from '../../../lib/api-client';
import { tracked } from '../../../lib/analytics';
import { journalsQueryKey } from './get-journals';

/** POST /api/journals → 201 with the new moment. */
export function createJournal(input: CreateJournalInput): Promise<Journal> {
  return tracked(api.post<Journal>('/api/journals', input), 'moment_created', (journal) => ({
    journal_id: journal.id,
  }));
}

export function useCreateJournal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createJournal,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: journalsQueryKey }),
  });
}
