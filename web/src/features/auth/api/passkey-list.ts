// My Account's passkeys: the list, Add and Remove, on TanStack Query (brings ./passkeys, so only
// My Account and the passkey offer import this).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { addPasskey, listPasskeys, removePasskey } from './passkeys';

export const passkeysQueryKey = ['passkeys'] as const;

export function usePasskeys() {
  return useQuery({ queryKey: passkeysQueryKey, queryFn: listPasskeys });
}

export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPasskey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: passkeysQueryKey }),
  });
}

export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removePasskey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: passkeysQueryKey }),
  });
}
