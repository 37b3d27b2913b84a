import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { adminLoginError } from '@moments/shared';
import { Link as RouterLink, Navigate, useNavigate } from 'react-router-dom';
import { AdminLoginForm } from '../../../features/admin/components/admin-login-form';
import { useAdminLogin } from '../../../features/auth/api/admin-login';
import { useUser } from '../../../features/auth/api/get-user';
import { AuthPageLayout } from '../../../features/auth/components/auth-page-layout';

/** `/admin/login`: username and password; an admin then goes to /admin. */
export default function AdminLoginPage() {
  const navigate = useNavigate();
  const { data: user } = useUser();
  const login = useAdminLogin();

  // An admin who is already signed in has nothing to do here (not while this form signs in).
  if (user?.isAdmin && login.isIdle) return <Navigate to="/admin" replace />;

  return (
    <AuthPageLayout>
      <Stack spacing={2}>
        <Typography variant="h2">Admin Login</Typography>
        <AdminLoginForm
          pending={login.isPending}
          error={login.error ? adminLoginError(login.error) : undefined}
          onSubmit={(input) =>
            login.mutate(input, {
              onSuccess: () => void navigate('/admin', { replace: true }),
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
