import { useEffect, useRef, useState } from 'react';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  ONBOARDING_ERRORS,
  ONBOARDING_SUCCESS_DELAY_MS,
  onboardingFailedToast,
  type CurrentUser,
} from '@moments/shared';
import { toast } from '../../../components/ui/toast';
import { useCompleteProfile } from '../api/onboard';
import { destinationAfterSignIn } from '../utils/session';
import { uploadFailedToast } from '../utils/toasts';
import { ProfileForm } from './profile-form';

interface ProfileStepProps {
  user: Pick<CurrentUser, 'firstName' | 'lastName' | 'isAdmin'>;
}

/**
 * The onboarding profile form of the auth page (its fourth mode). On success it waits
 * ONBOARDING_SUCCESS_DELAY_MS and then loads the app afresh at the sign-in destination
 * (the profile form is followed by a page reload).
 */
export function ProfileStep({ user }: ProfileStepProps) {
  const completeProfile = useCompleteProfile();
  const [done, setDone] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  return (
    <Stack spacing={2}>
      <Typography variant="h2">Complete your profile</Typography>
      <Typography color="text.secondary">
        Add your name and, if you like, a photo, so the people you share with know it is you.
      </Typography>
      <ProfileForm
        withPhoto
        defaultValues={user}
        submitLabel="Complete Profile & Continue"
        pending={completeProfile.isPending || done}
        error={completeProfile.isError ? ONBOARDING_ERRORS.completeProfile : undefined}
        onSubmit={({ firstName, lastName, photo }) =>
          completeProfile.mutate(
            {
              firstName,
              lastName: lastName ?? '',
              photo,
              onUploadError: (error) => toast(uploadFailedToast(error)),
            },
            {
              onSuccess: (saved) => {
                setDone(true);
                timer.current = setTimeout(
                  () => window.location.replace(destinationAfterSignIn(saved)),
                  ONBOARDING_SUCCESS_DELAY_MS,
                );
              },
              onError: () => toast(onboardingFailedToast()),
            },
          )
        }
      />
    </Stack>
  );
}
