import { useMutation, useQueryClient } from '@tanstack/react-query';
import { HttpError } from '@moments/shared';
import { useNavigate } from 'react-router-dom';
import { api } from '../../../lib/api-client';
import { clearDeviceData } from '../../../lib/device-data';
import { loadFirebase } from '../../../lib/firebase-loader';
import { resetAnalytics } from '../../../lib/analytics';
import { setLoggingOut } from '../utils/session';
import { forgetUser } from '../utils/last-user';
import { userQueryKey } from './get-user';

/** POST /api/auth/logout, falling back to POST /api/logout when that is not OK. */
export async function logout(): Promise<void> {
  // While the session still allows it: the next person on this device hears nothing of ours.
  // Only where notifications were allowed can there be a subscription (and its code to load).
  if ('Notification' in window && Notification.permission === 'granted') {
    const { forgetDeviceOnLogout } = await import('../../../lib/push-device');
    await forgetDeviceOnLogout();
  }
  try {
    await api.post('/api/auth/logout');
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    await api.post('/api/logout');
  }
  const { signOutClient } = await loadFirebase();
  await signOutClient();
}

/**
 * What this device forgets once the person is signed out (logout, or their account deleted):
 * analytics identity, the remembered user, every query and the device's stored data; then /auth.
 */
export function useForgetThisDevice() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    resetAnalytics();
    forgetUser();
    queryClient.clear();
    queryClient.setQueryData(userQueryKey, null);
    // After the queries (and their Firestore listeners) are gone.
    await clearDeviceData();
    await navigate('/auth', { replace: true });
  };
}

export function useLogout() {
  const forgetThisDevice = useForgetThisDevice();
  return useMutation({
    mutationFn: logout,
    onMutate: () => setLoggingOut(true),
    onError: () => setLoggingOut(false),
    onSuccess: forgetThisDevice,
  });
}
