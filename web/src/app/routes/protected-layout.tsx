import { Outlet } from 'react-router-dom';
import { ProtectedRoute } from '../../features/auth/components/protected-route';
import { SignedInExtras } from '../../features/auth/components/signed-in-extras';

interface ProtectedLayoutProps {
  adminOnly?: boolean;
}

/** Wraps the signed-in routes; loaded lazily so the sign-in screen does not ship it. */
export default function ProtectedLayout({ adminOnly = false }: ProtectedLayoutProps) {
  return (
    <ProtectedRoute adminOnly={adminOnly}>
      <Outlet />
      <SignedInExtras />
    </ProtectedRoute>
  );
}
