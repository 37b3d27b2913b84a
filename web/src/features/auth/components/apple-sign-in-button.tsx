import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { APPLE_SIGN_IN_ERRORS } from '@moments/shared';
import button from '../../../components/ui/button.module.css';
import { toast } from '../../../components/ui/toast';
import { getAppleConfigQueryOptions, useAppleConfig } from '../api/get-apple-config';
import { startAppleSignIn } from '../api/start-apple-sign-in';
import { appleAuthorizeUrl, rememberAppleSignIn, type AppleSignInFlow } from '../utils/apple';
import styles from './auth-page.module.css';

// Apple's logo (Simple Icons, CC0): Apple's guidelines ask for it on the button.
const APPLE_LOGO =
  'M12.152 6.896c-.948 0-2.415-1.078-3.96-1.04-2.04.027-3.91 1.183-4.961 3.014-2.117 3.675-.546 9.103 1.519 12.09 1.013 1.454 2.208 3.09 3.792 3.039 1.52-.065 2.09-.987 3.935-.987 1.831 0 2.35.987 3.96.948 1.637-.026 2.676-1.48 3.676-2.948 1.156-1.688 1.636-3.325 1.662-3.415-.039-.013-3.182-1.221-3.22-4.857-.026-3.04 2.48-4.494 2.597-4.559-1.429-2.09-3.623-2.324-4.39-2.376-2-.156-3.675 1.09-4.61 1.09zM15.53 3.83c.843-1.012 1.4-2.427 1.245-3.83-1.207.052-2.662.805-3.532 1.818-.78.896-1.454 2.338-1.273 3.714 1.338.104 2.715-.688 3.559-1.701';

interface AppleSignInButtonProps {
  /** Which handler the return goes to. */
  flow: AppleSignInFlow;
  label?: string;
  /** An "or" line above, where the button follows another way in. */
  divided?: boolean;
}

/**
 * Sends the browser to Apple's sign-in page with a fresh state from the server (bound to this
 * browser's cookie, and kept in local storage for the page's own check). Shown at once, so the
 * screen is whole at its first paint (a press before the server's Apple settings arrived waits
 * for them), and taken away where the server says Sign in with Apple is not set up.
 */
export function AppleSignInButton({
  flow,
  label = 'Sign in with Apple',
  divided = false,
}: AppleSignInButtonProps) {
  const queryClient = useQueryClient();
  const { data: config } = useAppleConfig();
  const [starting, setStarting] = useState(false);
  if (config === null) return null;

  const start = async () => {
    setStarting(true);
    try {
      const settings = config ?? (await queryClient.fetchQuery(getAppleConfigQueryOptions()));
      if (!settings) throw new Error('Sign in with Apple is not set up.');
      const state = await startAppleSignIn();
      rememberAppleSignIn(state, flow);
      window.location.assign(
        appleAuthorizeUrl({ ...settings, origin: window.location.origin, state }),
      );
    } catch {
      setStarting(false);
      toast({
        title: APPLE_SIGN_IN_ERRORS.toastTitle,
        description: APPLE_SIGN_IN_ERRORS.fallback,
        variant: 'destructive',
      });
    }
  };

  return (
    <div className={styles.apple}>
      {divided && <p className={styles.divider}>or</p>}
      <button
        type="button"
        className={`${button.contained} ${button.large} ${button.fullWidth} ${styles.appleButton}`}
        onClick={() => void start()}
        disabled={starting}
      >
        <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path fill="currentColor" d={APPLE_LOGO} />
        </svg>
        {label}
      </button>
      <p className={styles.caption}>
        By continuing with Apple you agree to the terms of service and privacy policy.
      </p>
    </div>
  );
}
