import { useEffect, useState } from 'react';
import { failedStatus, messageOf, PASSKEY_MESSAGES } from '@moments/shared';
import { useNavigate } from 'react-router-dom';
import button from '../../../components/ui/button.module.css';
import { afterSettled } from '../../../lib/schedule';
import { loadPasskeys, usePasskeySignIn } from '../api/passkey-sign-in';
import { isPasskeyPromptClosed } from '../utils/passkey-prompt';
import { destinationAfterSignIn } from '../utils/session';
import styles from './auth-page.module.css';

/** What a failed passkey sign-in says: the server's reason, or that the passkey did not work. */
function passkeyError(error: Error): string | undefined {
  if (isPasskeyPromptClosed(error)) return undefined;
  const status = failedStatus(error);
  if (status && status >= 400 && status < 500) return messageOf(error) || PASSKEY_MESSAGES.refused;
  return PASSKEY_MESSAGES.refused;
}

const hasWebAuthn = () => typeof window.PublicKeyCredential === 'function';

/**
 * The passkey ways into /auth: the phone field's autofill (WebAuthn conditional UI, started once
 * the page has settled, so the first screen never waits for the passkey code) and a button.
 * Either ends as a code sign-in does. The button is drawn everywhere, the prerendered screen
 * included (so nothing moves when the app takes over); a browser without WebAuthn says so when
 * it is pressed.
 */
export function PasskeySignIn() {
  const navigate = useNavigate();
  const { mutate, isPending, variables, error } = usePasskeySignIn();
  const [unsupported, setUnsupported] = useState(false);

  useEffect(() => {
    if (!hasWebAuthn()) return;
    let left = false;
    const cancel = afterSettled(() => {
      void loadPasskeys()
        .then(async ({ browserSupportsWebAuthnAutofill }) => {
          if (left || !(await browserSupportsWebAuthnAutofill())) return;
          mutate(true, {
            onSuccess: (user) => void navigate(destinationAfterSignIn(user), { replace: true }),
          });
        })
        .catch(() => undefined);
    });
    return () => {
      left = true;
      cancel();
      loadPasskeys.started()?.then(
        ({ cancelPasskeyPrompt }) => cancelPasskeyPrompt(),
        () => undefined,
      );
    };
  }, [mutate, navigate]);

  const failure = unsupported ? PASSKEY_MESSAGES.unsupported : error && passkeyError(error);
  return (
    <div className={styles.apple}>
      <button
        type="button"
        className={`${button.outlined} ${button.large} ${button.fullWidth}`}
        disabled={isPending && variables === false}
        onClick={() => {
          setUnsupported(!hasWebAuthn());
          if (!hasWebAuthn()) return;
          mutate(false, {
            onSuccess: (user) => void navigate(destinationAfterSignIn(user), { replace: true }),
          });
        }}
      >
        Sign in with a passkey
      </button>
      {failure && (
        <p role="alert" className={styles.caption}>
          {failure}
        </p>
      )}
    </div>
  );
}
