import { useEffect, useRef } from 'react';
import { APPLE_SIGN_IN_ERRORS, HttpError } from '@moments/shared';
import { useNavigate } from 'react-router-dom';
import { FullScreenLoader } from '../../../components/layouts/full-screen-loader';
import { useAppleSignIn } from '../api/apple-sign-in';

interface AppleSignInHandlerProps {
  code: string;
  state: string | null;
}

/**
 * The app-level handler of a platform sign-in return (?apple_code=...): posts the code, then
 * goes to /home, or back to /auth with the error in the URL (SPEC section 4).
 */
export function AppleSignInHandler({ code, state }: AppleSignInHandlerProps) {
  const navigate = useNavigate();
  const { mutate } = useAppleSignIn();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return; // a code can be exchanged only once (StrictMode runs twice)
    started.current = true;
    mutate(
      { code, state: state ?? undefined },
      {
        onSuccess: () => void navigate('/home', { replace: true }),
        onError: (error) => {
          const message =
            (error instanceof HttpError ? error.serverMessage : undefined) ??
            APPLE_SIGN_IN_ERRORS.fallback;
          const params = new URLSearchParams({ error: 'apple_auth_failed', message });
          void navigate(`/auth?${params.toString()}`, { replace: true });
        },
      },
    );
  }, [code, state, mutate, navigate]);

  return <FullScreenLoader label="Processing your sign-in..." />;
}
