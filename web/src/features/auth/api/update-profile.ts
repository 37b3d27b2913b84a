import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileUpdateSchema, type CurrentUser, type ProfileUpdateInput } from '@moments/shared';
import { api } from '../../../lib/api-client';
import { userQueryKey } from './get-user';

/** PATCH /api/user: any of the names, the recovery email and an uploaded picture. */
export function updateProfile(input: ProfileUpdateInput): Promise<CurrentUser> {
  return api.patch<CurrentUser>('/api/user', profileUpdateSchema.parse(input));
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => queryClient.setQueryData(userQueryKey, user),
  });
}
