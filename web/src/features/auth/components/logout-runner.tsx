import { useEffect, useRef } from 'react';
import { logoutFailedToast } from '@moments/shared';
import { toast } from '../../../components/ui/toast';
import { useLogout } from '../api/logout';

/**
 * Logs out once mounted (the account menu's Logout, ./account-menu-list): its calls and what the
 * device clears come with this module, at the press, rather than in /home's first code.
 */
export default function LogoutRunner({ onFailed }: { onFailed: () => void }) {
  const logout = useLogout();
  // Once per press: the ref outlasts an effect run twice.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    logout.mutate(undefined, {
      onError: (error) => {
        toast(logoutFailedToast(error));
        onFailed();
      },
    });
  }, [logout, onFailed]);
  return null;
}
