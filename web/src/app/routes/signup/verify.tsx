import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { failedStatus, verifyError } from '@moments/shared';
import { Link as RouterLink, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { toast } from '../../../components/ui/toast';
import { useUser } from '../../../features/auth/api/get-user';
import type { PendingCode } from '../../../features/auth/api/request-code';
import { useVerify } from '../../../features/auth/api/verify';
import { CodeForm } from '../../../features/auth/components/code-form';
import { destinationAfterSignIn } from '../../../features/auth/utils/session';
import { SignupStep } from '../../../features/onboarding/components/signup-step';
import { readSignupDraft } from '../../../features/onboarding/utils/signup-draft';

/** Sign-up step 2: the texted code. A new account goes on to its name; anyone else is in. */
export default function SignupVerifyPage() {
  const navigate = useNavigate();
  const { data: user } = useUser();
  const verify = useVerify();
  const [{ phoneNumber }] = useState(readSignupDraft);
  // Told by the sign-up step when no code was sent because one was still pending.
  const { pendingCode } = (useLocation().state ?? {}) as { pendingCode?: PendingCode };
  const status = failedStatus(verify.error);

  if (!phoneNumber && !user) return <Navigate to="/signup/phone" replace />;

  return (
    <SignupStep
      path="/signup/verify"
      title="Enter your code"
      description="We texted you a 6-digit code. It may take a moment to arrive."
    >
      {user && verify.isIdle ? (
        <Stack spacing={2}>
          <Alert severity="success">Your phone number is verified.</Alert>
          <Button component={RouterLink} to="/signup/name" variant="contained" size="large">
            Continue
          </Button>
        </Stack>
      ) : (
        <CodeForm
          phoneNumber={phoneNumber ?? ''}
          pendingCode={pendingCode}
          pending={verify.isPending}
          error={verify.isError ? verifyError(status).message : undefined}
          onUseDifferentNumber={() => void navigate('/signup/phone')}
          onSubmit={(input) =>
            verify.mutate(input, {
              onSuccess: (response) =>
                void navigate(
                  response.needsOnboarding ? '/signup/name' : destinationAfterSignIn(response),
                  { replace: true },
                ),
              onError: (error) => {
                const outcome = verifyError(failedStatus(error));
                if (outcome.toast) toast(outcome.toast);
              },
            })
          }
        />
      )}
    </SignupStep>
  );
}
