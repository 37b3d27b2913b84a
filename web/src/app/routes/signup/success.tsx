import { useEffect } from 'react';
import Button from '@mui/material/Button';
import { useNavigate } from 'react-router-dom';
import { useUser } from '../../../features/auth/api/get-user';
import { destinationAfterSignIn } from '../../../features/auth/utils/session';
import { SignupStep } from '../../../features/onboarding/components/signup-step';
import { TourIllustration } from '../../../features/onboarding/components/tour-illustration';
import { clearSignupDraft } from '../../../features/onboarding/utils/signup-draft';

/** Sign-up step 6: done. */
export default function SignupSuccessPage() {
  const navigate = useNavigate();
  const { data: user } = useUser();
  useEffect(() => clearSignupDraft(), []);

  return (
    <SignupStep
      path="/signup/success"
      title="You're all set"
      description="Your account is ready. Start your first moment: give it a title and add a few photos."
      illustration={<TourIllustration kind="ready" />}
    >
      <Button
        variant="contained"
        size="large"
        fullWidth
        onClick={() => void navigate(user ? destinationAfterSignIn(user) : '/auth')}
      >
        Go to my moments
      </Button>
    </SignupStep>
  );
}
