import { useCallback } from 'react';
import { ADMIN_MESSAGES, HttpError, logoutFailedToast } from '@moments/shared';
import { Navigate, Outlet, useNavigate } from 'react-router-dom';
import { FullScreenLoader } from '../../../components/layouts/full-screen-loader';
import { toast } from '../../../components/ui/toast';
import { useAdminSession } from '../../../features/admin/api/get-admin-session';
import { AdminShell } from '../../../features/admin/components/admin-shell';
import { useIdleSignOut } from '../../../features/admin/components/use-idle-sign-out';
import { AuthErrorCard } from '../../../features/auth/components/auth-error-card';
import { useLogout } from '../../../features/auth/api/logout';

/**
 * Every /admin page: needs the admin session of /admin/login (an admin signed in by SMS or
 * Apple is sent there to sign in as admin); ends after 30 idle minutes.
 */
export default function AdminLayout() {
  const session = useAdminSession();
  const logout = useLogout();
  const navigate = useNavigate();

  const endIdleSession = useCallback(() => {
    logout.mutate(undefined, {
      onSettled: () =>
        void navigate('/admin/login', { replace: true, state: { message: ADMIN_MESSAGES.idle } }),
    });
  }, [logout, navigate]);
  useIdleSignOut(endIdleSession);

  if (session.isPending) return <FullScreenLoader ariaLabel="Loading the admin dashboard" />;
  if (session.error instanceof HttpError && [401, 403].includes(session.error.status)) {
    return (
      <Navigate
        to="/admin/login"
        replace
        state={{
          message:
            session.error.serverMessage === ADMIN_MESSAGES.idle
              ? ADMIN_MESSAGES.idle
              : ADMIN_MESSAGES.signInAsAdmin,
        }}
      />
    );
  }
  if (session.error) return <AuthErrorCard error={session.error} />;

  return (
    <AdminShell
      adminName={session.data.name}
      signingOut={logout.isPending}
      onSignOut={() =>
        logout.mutate(undefined, { onError: (error) => toast(logoutFailedToast(error)) })
      }
    >
      <Outlet context={session.data} />
    </AdminShell>
  );
}
