import Container from '@mui/material/Container';
import { logoutFailedToast } from '@moments/shared';
import { AppHeader } from '../../../components/layouts/app-header';
import { toast } from '../../../components/ui/toast';
import { AdminDashboard } from '../../../features/admin/components/admin-dashboard';
import { useUser } from '../../../features/auth/api/get-user';
import { useLogout } from '../../../features/auth/api/logout';
import { AccountMenu } from '../../../features/auth/components/account-menu';

/** `/admin`: admins only (the protected layout sends anyone else to /home). */
export default function AdminDashboardPage() {
  const { data: user } = useUser();
  const logout = useLogout();
  if (!user) return null;

  return (
    <>
      <AppHeader actions={<AccountMenu />} />
      <Container component="main" maxWidth="sm" sx={{ py: 3 }}>
        <AdminDashboard
          admin={user}
          signingOut={logout.isPending}
          onSignOut={() =>
            logout.mutate(undefined, { onError: (error) => toast(logoutFailedToast(error)) })
          }
        />
      </Container>
    </>
  );
}
