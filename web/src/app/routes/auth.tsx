import { lazy, Suspense, useLayoutEffect } from 'react';
import { appleSignInAlert } from '@moments/shared';
import { useSearchParams } from 'react-router-dom';
import { FullScreenLoader } from '../../components/layouts/full-screen-loader';
import { ErrorAlert } from '../../components/errors/error-alert';
import { AuthPageLayout } from '../../features/auth/components/auth-page-layout';
import styles from '../../features/auth/components/auth-page.module.css';
import { SignInFlow } from '../../features/auth/components/sign-in-flow';
import { rememberInviteParams } from '../../features/auth/utils/invite-params';
import { readStoredInvite } from '../../features/sharing/utils/invite-storage';
import { isInviteUrl, resolveInvite } from '../../features/sharing/utils/invite-url';
import { withUiKitTheme } from '../../components/ui/with-ui-kit-theme';

// Only people following an invite need the invite flow's code.
const InviteAuthFlow = lazy(
  withUiKitTheme(() =>
    import('../../features/sharing/components/invite-auth-flow').then((module) => ({
      default: module.InviteAuthFlow,
    })),
  ),
);

/** `/` and `/auth`: sign in or sign up with a phone number. */
export default function AuthPage() {
  const [params, setParams] = useSearchParams();
  const error = params.get('error');
  const signUp = params.get('signup') === 'true';

  // A layout effect: landing here clears a stuck processingInviteToken flag
  // before the invite flow below may set it afresh in its own (passive) effect.
  useLayoutEffect(() => rememberInviteParams(params), [params]);

  // Mode 5, the invite flow, when the URL says so and there is an invite to follow.
  const invite = resolveInvite(params, readStoredInvite());
  if (isInviteUrl(params) && (invite.token || invite.journalId)) {
    return (
      <Suspense fallback={<FullScreenLoader label="Loading..." />}>
        <InviteAuthFlow invite={invite} />
      </Suspense>
    );
  }

  return (
    <AuthPageLayout>
      {error && (
        <ErrorAlert className={styles.alert}>{appleSignInAlert(params.get('message'))}</ErrorAlert>
      )}
      <SignInFlow
        signUp={signUp}
        onSignUpChange={(next) =>
          setParams(
            (current) => {
              const updated = new URLSearchParams(current);
              if (next) updated.set('signup', 'true');
              else updated.delete('signup');
              return updated;
            },
            { replace: true },
          )
        }
      />
    </AuthPageLayout>
  );
}
