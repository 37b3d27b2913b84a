import { Outlet } from 'react-router-dom';
import { ProtectedRoute } from '../../features/auth/components/protected-route';
import { NotificationsHost } from '../../features/notifications/components/notifications-host';

interface ProtectedLayoutProps {
  adminOnly?: boolean;
}

/** Wraps the signed-in routes; loaded lazily so the sign-in screen does not ship it. */
export default function ProtectedLayout({ adminOnly = false }: ProtectedLayoutProps) {
  return (
    <ProtectedRoute adminOnly={adminOnly}>
      <Outlet />
      <NotificationsHost />
    </ProtectedRoute>
  );
}
