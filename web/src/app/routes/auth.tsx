import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { appleSignInAlert } from '@moments/shared';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { AuthPageLayout } from '../../features/auth/components/auth-page-layout';
import { SignInFlow } from '../../features/auth/components/sign-in-flow';

/** `/` and `/auth`: sign in with a phone number (SPEC section 2, Auth page). */
export default function AuthPage() {
  const [params] = useSearchParams();
  const error = params.get('error');

  return (
    <AuthPageLayout>
      {error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {appleSignInAlert(params.get('message'))}
        </Alert>
      )}
      <SignInFlow />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 3, textAlign: 'center' }}>
        New to Moments?{' '}
        <Link component={RouterLink} to="/signup/phone" sx={{ fontWeight: 600 }}>
          Sign up
        </Link>
      </Typography>
    </AuthPageLayout>
  );
}
