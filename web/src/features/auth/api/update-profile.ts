import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileUpdateSchema, type CurrentUser, type ProfileUpdateInput } from '@moments/shared';
import { api } from '../../../lib/api-client';
import { userQueryKey } from './get-user';

export { profileUpdateSchema };

/** My Account's body: the names, the recovery email, and optionally a new uploaded picture. */
export type UpdateProfileInput = ProfileUpdateInput & { profilePictureUrl?: string | null };

/** PATCH /api/user. Answers the updated person. */
export function updateProfile({
  profilePictureUrl,
  ...fields
}: UpdateProfileInput): Promise<CurrentUser> {
  return api.patch<CurrentUser>('/api/user', {
    ...profileUpdateSchema.parse(fields),
    ...(profilePictureUrl !== undefined ? { profilePictureUrl } : {}),
  });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => queryClient.setQueryData(userQueryKey, user),
  });
}
