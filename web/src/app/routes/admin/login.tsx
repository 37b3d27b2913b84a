import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { adminLoginError } from '@moments/shared';
import { Link as RouterLink, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { useAdminSession } from '../../../features/admin/api/get-admin-session';
import { adminQueryKey } from '../../../features/admin/api/keys';
import { AdminLoginForm } from '../../../features/admin/components/admin-login-form';
import { useAdminLogin } from '../../../features/auth/api/admin-login';
import { useUser } from '../../../features/auth/api/get-user';
import { AuthPageLayout } from '../../../features/auth/components/auth-page-layout';

/** `/admin/login`: username and password; an admin then goes to /admin. */
export default function AdminLoginPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: user } = useUser();
  const login = useAdminLogin();
  const { state } = useLocation() as { state: { message?: string } | null };
  // Only an admin session counts: an admin signed in by SMS or Apple signs in here again.
  const session = useAdminSession({ enabled: user?.isAdmin === true });

  // An admin who is already signed in has nothing to do here (not while this form signs in).
  if (session.data && login.isIdle) return <Navigate to="/admin" replace />;

  return (
    <AuthPageLayout>
      <Stack spacing={2}>
        <Typography variant="h2">Admin Login</Typography>
        {state?.message && login.isIdle && <Alert severity="info">{state.message}</Alert>}
        <AdminLoginForm
          pending={login.isPending}
          error={login.error ? adminLoginError(login.error) : undefined}
          onSubmit={(input) =>
            login.mutate(input, {
              onSuccess: () => {
                // A refusal from before this sign-in must not send the admin back here.
                queryClient.removeQueries({ queryKey: adminQueryKey });
                void navigate('/admin', { replace: true });
              },
            })
          }
        />
        <Button component={RouterLink} to="/auth" variant="text">
          Sign in with your phone instead
        </Button>
      </Stack>
    </AuthPageLayout>
  );
}
