import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateJournalInput, Journal } from '@moments/shared';
import { api } from '../../../lib/api-client';
import { journalsQueryKey } from './get-journals';

/** POST /api/journals → 201 with the new moment. */
export function createJournal(input: CreateJournalInput): Promise<Journal> {
  return api.post<Journal>('/api/journals', input);
}

export function useCreateJournal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createJournal,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: journalsQueryKey }),
  });
}
