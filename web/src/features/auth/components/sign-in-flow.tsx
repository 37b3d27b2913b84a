import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import {
  failedStatus,
  messageOf,
  signInCodeError,
  signupError,
  verifyError,
  type SignInResponse,
} from '@moments/shared';
import { useNavigate } from 'react-router-dom';
import button from '../../../components/ui/button.module.css';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast';
import { useUser } from '../api/get-user';
import { useRequestCode, type PendingCode } from '../api/request-code';
import { useSignup, type SignupInput } from '../api/signup';
import { useVerify } from '../api/verify';
import { destinationAfterSignIn } from '../utils/session';
import { AppleSignInButton } from './apple-sign-in-button';
import { PasskeySignIn } from './passkey-sign-in';
import styles from './auth-page.module.css';
import { PhoneForm } from './phone-form';
import { withUiKitTheme } from '../../../components/ui/with-ui-kit-theme';

// Sign-up and the profile form are a minority of visits to the page: their code (checkbox,
// photo picker, upload) is fetched when they are first shown. So is the code step's, with its
// validation: the first screen draws without it.
const loadCodeForm = () => import('./code-form');
const CodeForm = lazy(() => loadCodeForm().then((module) => ({ default: module.CodeForm })));
const SignupForm = lazy(
  withUiKitTheme(() => import('./signup-form').then((module) => ({ default: module.SignupForm }))),
);
const ProfileStep = lazy(
  withUiKitTheme(() =>
    import('./profile-step').then((module) => ({ default: module.ProfileStep })),
  ),
);

type Step =
  | { name: 'form' }
  | { name: 'code'; phoneNumber: string; pendingCode?: PendingCode }
  | { name: 'profile'; user: SignInResponse };

function StepLoader() {
  return (
    <div className={styles.stepLoader}>
      <Spinner label="Loading" />
    </div>
  );
}

/**
 * Polls the session while the auth page shows. Someone already signed in has nothing to do
 * here: on the first step (`leave`) they go to /home; once the code is verified, the flow
 * decides where to go. Its own component, so that the session's answers (the first arrives as
 * the screen starts) re-render it alone, not the forms: a TanStack Query update renders at once.
 */
function SessionWatch({ leave }: { leave: boolean }) {
  const navigate = useNavigate();
  const { data: user } = useUser({ poll: true });
  const signedIn = Boolean(user) && leave;
  useEffect(() => {
    if (signedIn) void navigate('/home', { replace: true });
  }, [signedIn, navigate]);
  return null;
}

interface SignInFlowProps {
  /** Show the sign-up form instead of the sign-in phone form (`?signup=true`). */
  signUp: boolean;
  onSignUpChange: (signUp: boolean) => void;
}

/**
 * The auth page's modes: sign-in phone form or sign-up form, then the texted
 * code, then for a new account the onboarding profile form.
 */
export function SignInFlow({ signUp, onSignUpChange }: SignInFlowProps) {
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>({ name: 'form' });
  const [lastPhoneNumber, setLastPhoneNumber] = useState('');
  const [signupValues, setSignupValues] = useState<SignupInput | undefined>();
  const requestCode = useRequestCode();
  const signup = useSignup();
  const verify = useVerify();

  // Every step keeps the session poll; only the first leaves for /home when it finds someone.
  const watched = (content: ReactNode) => (
    <>
      <SessionWatch leave={step.name === 'form'} />
      {content}
    </>
  );

  const switchMode = (next: boolean) => {
    requestCode.reset();
    signup.reset();
    onSignUpChange(next);
  };

  if (step.name === 'profile') {
    return watched(
      <Suspense fallback={<StepLoader />}>
        <ProfileStep user={step.user} />
      </Suspense>,
    );
  }

  if (step.name === 'code') {
    return watched(
      <div className={styles.step}>
        <h2 className={styles.heading}>Enter your code</h2>
        <Suspense fallback={<StepLoader />}>
          <CodeForm
            phoneNumber={step.phoneNumber}
            pendingCode={step.pendingCode}
            pending={verify.isPending}
            error={verify.error ? verifyError(failedStatus(verify.error)).message : undefined}
            onUseDifferentNumber={() => {
              verify.reset();
              requestCode.reset();
              signup.reset();
              setStep({ name: 'form' });
            }}
            onSubmit={(input) =>
              verify.mutate(input, {
                onSuccess: (response) => {
                  if (response.needsOnboarding) {
                    setStep({ name: 'profile', user: response });
                  } else {
                    void navigate(destinationAfterSignIn(response), { replace: true });
                  }
                },
                onError: (error) => {
                  const outcome = verifyError(failedStatus(error));
                  if (outcome.toast) toast(outcome.toast);
                },
              })
            }
          />
        </Suspense>
      </div>,
    );
  }

  const modeSwitch = (
    <p className={styles.note}>
      {signUp ? 'Already have an account?' : 'New to Moments?'}{' '}
      <button
        type="button"
        className={`${button.text} ${button.small}`}
        onClick={() => switchMode(!signUp)}
      >
        {signUp ? 'Sign in' : 'Sign up'}
      </button>
    </p>
  );

  if (signUp) {
    return watched(
      <div className={styles.step}>
        <h2 className={styles.heading}>Create your account</h2>
        <Suspense fallback={<StepLoader />}>
          <SignupForm
            defaultValues={signupValues}
            pending={signup.isPending}
            error={signup.error ? signupError(failedStatus(signup.error)).message : undefined}
            onSubmit={(input) => {
              setSignupValues(input);
              signup.mutate(input, {
                onSuccess: (pendingCode) =>
                  setStep({ name: 'code', phoneNumber: input.phoneNumber, pendingCode }),
                onError: (error) => {
                  const outcome = signupError(failedStatus(error));
                  if (outcome.toast) toast(outcome.toast);
                },
              });
            }}
          />
        </Suspense>
        <AppleSignInButton flow="app" label="Sign up with Apple" divided />
        {modeSwitch}
      </div>,
    );
  }

  return watched(
    <div className={styles.step}>
      <h2 className={styles.heading}>Sign in</h2>
      <PhoneForm
        defaultPhoneNumber={lastPhoneNumber}
        pending={requestCode.isPending}
        error={
          requestCode.error
            ? signInCodeError(failedStatus(requestCode.error), messageOf(requestCode.error)).message
            : undefined
        }
        onSubmit={(input) => {
          void loadCodeForm();
          setLastPhoneNumber(input.phoneNumber);
          requestCode.mutate(input, {
            onSuccess: (pendingCode) =>
              setStep({ name: 'code', phoneNumber: input.phoneNumber, pendingCode }),
            onError: (error) => {
              const outcome = signInCodeError(failedStatus(error), messageOf(error));
              if (outcome.toast) toast(outcome.toast);
            },
          });
        }}
      />
      <PasskeySignIn />
      <AppleSignInButton flow="app" divided />
      {modeSwitch}
    </div>,
  );
}
