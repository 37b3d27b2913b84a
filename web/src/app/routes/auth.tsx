import { useEffect } from 'react';
import Alert from '@mui/material/Alert';
import { appleSignInAlert } from '@moments/shared';
import { useSearchParams } from 'react-router-dom';
import { AuthPageLayout } from '../../features/auth/components/auth-page-layout';
import { SignInFlow } from '../../features/auth/components/sign-in-flow';
import { rememberInviteParams } from '../../features/auth/utils/invite-params';

/** `/` and `/auth`: sign in or sign up with a phone number (SPEC section 2, Auth page). */
export default function AuthPage() {
  const [params, setParams] = useSearchParams();
  const error = params.get('error');
  const signUp = params.get('signup') === 'true';

  useEffect(() => rememberInviteParams(params), [params]);

  return (
    <AuthPageLayout>
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {appleSignInAlert(params.get('message'))}
        </Alert>
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
