import { useMutation, useQuery } from '@tanstack/react-query';
import {
  deleteMyAccountSchema,
  type DeleteMyAccountAnswer,
  type DeletionChoices,
  type DeletionCodeAnswer,
  type DeletionProofsAnswer,
} from '@moments/shared';
import { toast } from '../../../components/ui/toast';
import { api } from '../../../lib/api-client';
import { loadFirebase } from '../../../lib/firebase-loader';
import { setLoggingOut } from '../utils/session';
import { useForgetThisDevice } from './logout';
import { answerPasskeyStep } from './passkeys';

export const ACCOUNT_DELETED_TOAST_TITLE = 'Your account has been deleted';

export const deletionProofsQueryKey = ['deletionProofs'] as const;

/** GET /api/account/deletion-proofs: whether a code (a proven number) or a passkey can prove it. */
export function getDeletionProofs(): Promise<DeletionProofsAnswer> {
  return api.get<DeletionProofsAnswer>('/api/account/deletion-proofs');
}

/** Asked when the dialog opens (a passkey added meanwhile counts), never cached for long. */
export function useDeletionProofs(enabled: boolean) {
  return useQuery({
    queryKey: deletionProofsQueryKey,
    queryFn: getDeletionProofs,
    enabled,
    staleTime: 0,
  });
}

/** POST /api/account/deletion-code: a fresh code to the person's own number. */
export function requestDeletionCode(): Promise<DeletionCodeAnswer> {
  return api.post<DeletionCodeAnswer>('/api/account/deletion-code');
}

export function useRequestDeletionCode() {
  return useMutation({ mutationFn: requestDeletionCode });
}

/** The fresh proof: the code the person typed, or a passkey step taken when they confirm. */
export type DeletionProof = { code: string } | 'passkey';

export interface DeleteMyAccountRequest {
  choices: DeletionChoices;
  proof: DeletionProof;
}

/**
 * POST /api/account/delete, checked with the same schema as the server's; for a passkey, the
 * step (/api/account/deletion-passkey, then the device's prompt) comes first. Done (or
 * finishing in another request of theirs): the client SDK is signed out and the device
 * forgets the person.
 */
export async function deleteMyAccount({
  choices,
  proof,
}: DeleteMyAccountRequest): Promise<DeleteMyAccountAnswer> {
  const body =
    proof === 'passkey'
      ? { ...choices, passkey: await answerPasskeyStep('/api/account/deletion-passkey') }
      : { ...choices, code: proof.code };
  const answer = await api.post<DeleteMyAccountAnswer>(
    '/api/account/delete',
    deleteMyAccountSchema.parse(body),
  );
  const { signOutClient } = await loadFirebase();
  await signOutClient();
  return answer;
}

export function useDeleteMyAccount() {
  const forgetThisDevice = useForgetThisDevice();
  return useMutation({
    mutationFn: deleteMyAccount,
    onMutate: () => setLoggingOut(true),
    onError: () => setLoggingOut(false),
    onSuccess: async () => {
      await forgetThisDevice();
      // Here, not in the dialog: the dialog is gone with My Account by now.
      toast({ title: ACCOUNT_DELETED_TOAST_TITLE });
    },
  });
}
