import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { FullScreenLoader } from '../../../components/layouts/full-screen-loader';
import { useUser } from '../api/get-user';
import { isLoggingOut, resetAuthRetryCount, saveRedirectAfterLogin } from '../utils/session';
import { withUiKitTheme } from '../../../components/ui/with-ui-kit-theme';
// Shown only when the session could not be checked; drawn by the UI kit, which the first screens
// of /home and a moment's page do not load.
const AuthErrorCard = lazy(
  withUiKitTheme(() =>
    import('./auth-error-card').then((module) => ({ default: module.AuthErrorCard })),
  ),
);

/** Saves where the visitor wanted to go, then sends them to sign in. */
function RedirectToAuth() {
  const location = useLocation();
  const navigate = useNavigate();
  const target = location.pathname + location.search;
  useEffect(() => {
    if (!isLoggingOut()) saveRedirectAfterLogin(target);
    void navigate('/auth', { replace: true });
  }, [navigate, target]);
  return <FullScreenLoader ariaLabel="Redirecting to sign in" />;
}

interface ProtectedRouteProps {
  children: ReactNode;
  /** Only admins may enter; anyone else goes to /home. */
  adminOnly?: boolean;
}

/** Guards the signed-in routes. */
export function ProtectedRoute({ children, adminOnly = false }: ProtectedRouteProps) {
  const { data: user, isPending, error } = useUser();

  useEffect(() => {
    if (user) resetAuthRetryCount();
  }, [user]);

  if (isPending) return <FullScreenLoader ariaLabel="Loading your account" />;
  // A failed background refresh keeps the page; only a session that never loaded is an error.
  if (error && !user) {
    return (
      <Suspense fallback={<FullScreenLoader ariaLabel="Loading your account" />}>
        <AuthErrorCard error={error} />
      </Suspense>
    );
  }
  if (!user) return <RedirectToAuth />;
  if (adminOnly && !user.isAdmin) return <Navigate to="/home" replace />;
  return children;
}
