import { useCallback, useEffect, useRef } from 'react';
import { APPLE_SIGN_IN_ERRORS, failureMessage, type AppleSignInResponse } from '@moments/shared';
import { useNavigate } from 'react-router-dom';
import { FullScreenLoader } from '../../../components/layouts/full-screen-loader';
import { toast } from '../../../components/ui/toast';
import { useAppleSignIn } from '../api/apple-sign-in';
import {
  appleFailurePath,
  appleSuccessPath,
  forgetAppleSignIn,
  type AppleSignInFlow,
} from '../utils/apple';

/**
 * Where a platform sign-in goes once it has succeeded or failed, per flow:
 * the app-level handler goes to /home or back to /auth with the error in the URL; the
 * onboarding one goes on by subscription, or shows the "Apple Sign-In Error" toast and goes
 * back to /onboarding-screen-1. Navigating replaces the URL, which removes apple_code.
 */
export function useAppleSignInOutcome(flow: AppleSignInFlow) {
  const navigate = useNavigate();
  const succeed = useCallback(
    (response: AppleSignInResponse) =>
      void navigate(appleSuccessPath(flow, response), { replace: true }),
    [flow, navigate],
  );
  const fail = useCallback(
    (message: string) => {
      forgetAppleSignIn();
      if (flow === 'app') {
        void navigate(appleFailurePath(message), { replace: true });
        return;
      }
      toast({
        title: APPLE_SIGN_IN_ERRORS.toastTitle,
        description: message,
        variant: 'destructive',
      });
      void navigate('/onboarding-screen-1', { replace: true });
    },
    [flow, navigate],
  );
  return { succeed, fail };
}

interface AppleSignInHandlerProps {
  code: string;
  state: string | null;
  flow: AppleSignInFlow;
}

/** Handles ?apple_code=...: posts the code and state, then goes on per the flow. */
export function AppleSignInHandler({ code, state, flow }: AppleSignInHandlerProps) {
  const { mutate } = useAppleSignIn();
  const { succeed, fail } = useAppleSignInOutcome(flow);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return; // a code can be exchanged only once (StrictMode runs twice)
    started.current = true;
    mutate(
      { code, state: state ?? undefined },
      {
        onSuccess: succeed,
        onError: (error) => fail(failureMessage(error, APPLE_SIGN_IN_ERRORS.fallback)),
      },
    );
  }, [code, state, mutate, succeed, fail]);

  return <FullScreenLoader label="Processing your sign-in..." />;
}
