import { useMutation } from '@tanstack/react-query';
import {
  deleteMyAccountSchema,
  type DeleteMyAccountAnswer,
  type DeleteMyAccountInput,
  type DeletionCodeAnswer,
} from '@moments/shared';
import { toast } from '../../../components/ui/toast';
import { api } from '../../../lib/api-client';
import { loadFirebase } from '../../../lib/firebase-loader';
import { setLoggingOut } from '../utils/session';
import { useForgetThisDevice } from './logout';

export const ACCOUNT_DELETED_TOAST_TITLE = 'Your account has been deleted';

/** POST /api/account/deletion-code: a fresh code to the person's own number. */
export function requestDeletionCode(): Promise<DeletionCodeAnswer> {
  return api.post<DeletionCodeAnswer>('/api/account/deletion-code');
}

export function useRequestDeletionCode() {
  return useMutation({ mutationFn: requestDeletionCode });
}

/**
 * POST /api/account/delete, checked with the same schema as the server's. Done (or finishing in
 * another request of theirs): the client SDK is signed out and the device forgets the person.
 */
export async function deleteMyAccount(input: DeleteMyAccountInput): Promise<DeleteMyAccountAnswer> {
  const answer = await api.post<DeleteMyAccountAnswer>(
    '/api/account/delete',
    deleteMyAccountSchema.parse(input),
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
