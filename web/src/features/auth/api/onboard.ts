import { useMutation, useQueryClient } from '@tanstack/react-query';
import { onboardSchema, type CurrentUser, type OnboardInput } from '@moments/shared';
import { api } from '../../../lib/api-client';
import { tracked } from '../../../lib/analytics';
import { userQueryKey } from './get-user';
import { uploadProfilePicture } from './upload-profile-picture';

export { onboardSchema };
export type { OnboardInput };

/** POST /api/auth/onboard: names and an optional uploaded picture; marks onboarding done. */
export function onboard(input: OnboardInput): Promise<CurrentUser> {
  return tracked(
    api.post<CurrentUser>('/api/auth/onboard', onboardSchema.parse(input)),
    'sign_up_completed',
  );
}

export interface CompleteProfileInput {
  firstName: string;
  lastName: string;
  /** A picture already checked with checkProfileImage, or null for none. */
  photo: File | null;
  /** Told when the picture could not be uploaded; onboarding then goes on without it. */
  onUploadError?: (error: unknown) => void;
}

/**
 * The onboarding profile form's submit: upload the picture if one was chosen
 * (a failed upload is reported and skipped), then POST /api/auth/onboard. Without a picture
 * the field is left out, so a picture saved earlier is kept.
 */
export async function completeProfile({
  firstName,
  lastName,
  photo,
  onUploadError,
}: CompleteProfileInput): Promise<CurrentUser> {
  let profilePictureUrl: string | undefined;
  if (photo) {
    try {
      profilePictureUrl = await uploadProfilePicture(photo);
    } catch (error) {
      onUploadError?.(error);
    }
  }
  return onboard({ firstName, lastName, ...(profilePictureUrl ? { profilePictureUrl } : {}) });
}

export function useCompleteProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeProfile,
    onSuccess: (user) => queryClient.setQueryData(userQueryKey, user),
  });
}
