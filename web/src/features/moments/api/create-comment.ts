import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CommentInput, PostedComment } from '@moments/shared';
import { api } from '../../../lib/api-client';
import { tracked } from '../../../lib/analytics';
import { showPostedEntry } from './get-comments';

/**
 * POST /api/journals/:id/comments. With `input.id` (a client-made id) sending the same entry
 * again stores it once: the answer is then the stored entry.
 */
export function createComment(journalId: string, input: CommentInput): Promise<PostedComment> {
  return tracked(
    api.post<PostedComment>(`/api/journals/${encodeURIComponent(journalId)}/comments`, input),
    'entry_posted',
    { journal_id: journalId, on_photo: input.photoId != null },
  );
}

export function useCreateComment(journalId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CommentInput) => createComment(journalId, input),
    onSuccess: (posted) => showPostedEntry(queryClient, journalId, posted),
  });
}
