import { Suspense, lazy, useEffect, useState } from 'react';
import { Outlet } from 'react-router-dom';
import { ProtectedRoute } from '../../features/auth/components/protected-route';
import { SignedInExtras } from '../../features/auth/components/signed-in-extras';
import { afterSettled } from '../../lib/schedule';

// Notifications (the re-sync at start, the offer): nothing of them on a first screen.
const NotificationsHost = lazy(
  () => import('../../features/notifications/components/notifications-host'),
);

interface ProtectedLayoutProps {
  adminOnly?: boolean;
}

/** Wraps the signed-in routes; loaded lazily so the sign-in screen does not ship it. */
export default function ProtectedLayout({ adminOnly = false }: ProtectedLayoutProps) {
  const [settled, setSettled] = useState(false);
  useEffect(() => afterSettled(() => setSettled(true)), []);
  return (
    <ProtectedRoute adminOnly={adminOnly}>
      <Outlet />
      <SignedInExtras />
      {settled && (
        <Suspense fallback={null}>
          <NotificationsHost />
        </Suspense>
      )}
    </ProtectedRoute>
  );
}
