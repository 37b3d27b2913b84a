import { useEffect, useState } from 'react';
import Typography from '@mui/material/Typography';
import Stack from '@mui/material/Stack';
import { HttpError, signInCodeError, verifyError, type SignInResponse } from '@moments/shared';
import { useNavigate } from 'react-router-dom';
import { toast } from '../../../components/ui/toast';
import { useUser } from '../api/get-user';
import { useRequestCode } from '../api/request-code';
import { useVerify } from '../api/verify';
import { takeRedirectAfterLogin } from '../utils/session';
import { CodeForm } from './code-form';
import { PhoneForm } from './phone-form';
import { ProfileStep } from './profile-step';

type Step = { name: 'phone' } | { name: 'code'; phoneNumber: string } | { name: 'profile' };

function statusOf(error: unknown): number | undefined {
  return error instanceof HttpError ? error.status : undefined;
}

function messageOf(error: unknown): string | undefined {
  return error instanceof Error ? error.message : undefined;
}

/** Where a signed-in person goes next (SPEC section 4, Sign-in). */
function destinationAfterSignIn(user: Pick<SignInResponse, 'isAdmin'>): string {
  return takeRedirectAfterLogin() ?? (user.isAdmin ? '/admin' : '/home');
}

/** The phone sign-in: phone number, then the texted code, then (new accounts) the profile. */
export function SignInFlow() {
  const navigate = useNavigate();
  const { data: user } = useUser({ poll: true });
  const [step, setStep] = useState<Step>({ name: 'phone' });
  const [lastPhoneNumber, setLastPhoneNumber] = useState('');
  const requestCode = useRequestCode();
  const verify = useVerify();

  // Someone already signed in has nothing to do here. Only on the first step: once the code
  // is verified, this flow decides where to go.
  const alreadySignedIn = Boolean(user) && step.name === 'phone';
  useEffect(() => {
    if (alreadySignedIn) void navigate('/home', { replace: true });
  }, [alreadySignedIn, navigate]);

  const codeError = requestCode.error
    ? signInCodeError(statusOf(requestCode.error), messageOf(requestCode.error)).message
    : undefined;
  const verifyMessage = verify.error ? verifyError(statusOf(verify.error)).message : undefined;

  if (step.name === 'profile') {
    return <ProfileStep onContinue={() => void navigate('/home', { replace: true })} />;
  }

  if (step.name === 'code') {
    return (
      <Stack spacing={2}>
        <Typography variant="h2">Enter your code</Typography>
        <CodeForm
          phoneNumber={step.phoneNumber}
          pending={verify.isPending}
          error={verifyMessage}
          onUseDifferentNumber={() => {
            verify.reset();
            requestCode.reset();
            setStep({ name: 'phone' });
          }}
          onSubmit={(input) =>
            verify.mutate(input, {
              onSuccess: (response) => {
                if (response.needsOnboarding) {
                  setStep({ name: 'profile' });
                } else {
                  void navigate(destinationAfterSignIn(response), { replace: true });
                }
              },
              onError: (error) => {
                const outcome = verifyError(statusOf(error));
                if (outcome.toast) toast(outcome.toast);
              },
            })
          }
        />
      </Stack>
    );
  }

  return (
    <Stack spacing={2}>
      <Typography variant="h2">Sign in</Typography>
      <PhoneForm
        defaultPhoneNumber={lastPhoneNumber}
        pending={requestCode.isPending}
        error={codeError}
        onSubmit={(input) => {
          setLastPhoneNumber(input.phoneNumber);
          requestCode.mutate(input, {
            onSuccess: () => setStep({ name: 'code', phoneNumber: input.phoneNumber }),
            onError: (error) => {
              const outcome = signInCodeError(statusOf(error), messageOf(error));
              if (outcome.toast) toast(outcome.toast);
            },
          });
        }}
      />
    </Stack>
  );
}
