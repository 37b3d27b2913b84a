import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { ONBOARDING_ERRORS, onboardingFailedToast } from '@moments/shared';
import { Navigate, useNavigate } from 'react-router-dom';
import { toast } from '../../../components/ui/toast';
import { useUser } from '../../../features/auth/api/get-user';
import { useCompleteProfile } from '../../../features/auth/api/onboard';
import { PhotoPicker } from '../../../features/auth/components/photo-picker';
import { uploadFailedToast } from '../../../features/auth/utils/toasts';
import { SignupStep } from '../../../features/onboarding/components/signup-step';
import { readSignupDraft } from '../../../features/onboarding/utils/signup-draft';

/**
 * Sign-up step 4: an optional profile photo. Continue or Skip completes the profile
 * (POST /api/auth/onboard with the confirmed name); a failed upload goes on without the photo.
 */
export default function SignupPhotoPage() {
  const navigate = useNavigate();
  const { data: user } = useUser();
  const completeProfile = useCompleteProfile();
  const [draft] = useState(readSignupDraft);
  const [photo, setPhoto] = useState<File | null>(null);
  const [skipping, setSkipping] = useState(false);

  if (!user) return <Navigate to="/signup/phone" replace />;
  // The name step saves both names; a last name left blank there stays blank.
  const firstName = draft.firstName || user.firstName;
  const lastName = (draft.firstName ? draft.lastName : user.lastName) ?? '';
  if (!firstName) return <Navigate to="/signup/name" replace />;

  const finish = (withPhoto: boolean) => {
    setSkipping(!withPhoto);
    completeProfile.mutate(
      {
        firstName,
        lastName,
        photo: withPhoto ? photo : null,
        onUploadError: (error) => toast(uploadFailedToast(error)),
      },
      {
        onSuccess: () => void navigate('/signup/add-to-home'),
        onError: () => toast(onboardingFailedToast()),
      },
    );
  };

  return (
    <SignupStep
      path="/signup/photo"
      title="Add a profile photo"
      description="Help family and friends recognise you. You can change it any time in My Account."
    >
      <Stack spacing={3}>
        <PhotoPicker
          file={photo}
          onChange={setPhoto}
          firstName={firstName}
          lastName={lastName}
          disabled={completeProfile.isPending}
        />
        {completeProfile.isError && (
          <Alert severity="error">{ONBOARDING_ERRORS.completeProfile}</Alert>
        )}
        <Stack spacing={1}>
          <Button
            variant="contained"
            size="large"
            fullWidth
            loading={completeProfile.isPending && !skipping}
            disabled={completeProfile.isPending}
            onClick={() => finish(true)}
          >
            Continue
          </Button>
          <Button
            variant="text"
            fullWidth
            loading={completeProfile.isPending && skipping}
            disabled={completeProfile.isPending}
            onClick={() => finish(false)}
          >
            Skip for now
          </Button>
        </Stack>
      </Stack>
    </SignupStep>
  );
}
