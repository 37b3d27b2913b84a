import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { failedStatus, signupError } from '@moments/shared';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { toast } from '../../../components/ui/toast';
import { useUser } from '../../../features/auth/api/get-user';
import { useSignup } from '../../../features/auth/api/signup';
import { SignupForm } from '../../../features/auth/components/signup-form';
import { SignupStep } from '../../../features/onboarding/components/signup-step';
import { readSignupDraft, saveSignupDraft } from '../../../features/onboarding/utils/signup-draft';

/** Sign-up step 1: phone, names, recovery email and terms; POST /api/auth/signup sends a code. */
export default function SignupPhonePage() {
  const navigate = useNavigate();
  const { data: user } = useUser();
  const signup = useSignup();
  const [draft] = useState(readSignupDraft);
  const status = failedStatus(signup.error);

  return (
    <SignupStep
      path="/signup/phone"
      title="Create your account"
      description="Your phone number is how you sign in: no password to remember."
    >
      {user ? (
        <Stack spacing={2}>
          <Alert severity="info">You are signed in. Carry on setting up your profile.</Alert>
          <Button component={RouterLink} to="/signup/name" variant="contained" size="large">
            Continue
          </Button>
        </Stack>
      ) : (
        <Stack spacing={2}>
          <SignupForm
            submitLabel="Send Code"
            defaultValues={draft}
            pending={signup.isPending}
            error={signup.isError ? signupError(status).message : undefined}
            onSubmit={(input) =>
              signup.mutate(input, {
                onSuccess: (pendingCode) => {
                  saveSignupDraft({
                    phoneNumber: input.phoneNumber,
                    firstName: input.firstName,
                    lastName: input.lastName,
                    email: input.email ?? '',
                  });
                  void navigate('/signup/verify', { state: { pendingCode } });
                },
                onError: (error) => {
                  const outcome = signupError(failedStatus(error));
                  if (outcome.toast) toast(outcome.toast);
                },
              })
            }
          />
          <Button component={RouterLink} to="/auth" variant="text" fullWidth>
            I already have an account
          </Button>
        </Stack>
      )}
    </SignupStep>
  );
}
