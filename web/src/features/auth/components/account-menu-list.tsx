import { lazy, Suspense, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Menu, MenuItem } from '../../../components/ui/menu';

// Logging out (its calls, the device's data to clear): fetched at the press.
const LogoutRunner = lazy(() => import('./logout-runner'));

interface AccountMenuListProps {
  id: string;
  buttonId: string;
  anchor: HTMLElement | null;
  onClose: () => void;
}

/** The account menu's items, My Account and Logout: mounted at the button's first press. */
export default function AccountMenuList({ id, buttonId, anchor, onClose }: AccountMenuListProps) {
  const [loggingOut, setLoggingOut] = useState(false);
  return (
    <>
      <Menu
        id={id}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={onClose}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ list: { 'aria-labelledby': buttonId } }}
      >
        <MenuItem component={RouterLink} to="/profile" onClick={onClose}>
          My Account
        </MenuItem>
        <MenuItem
          disabled={loggingOut}
          onClick={() => {
            onClose();
            setLoggingOut(true);
          }}
        >
          {loggingOut ? 'Logging out...' : 'Logout'}
        </MenuItem>
      </Menu>
      {loggingOut && (
        <Suspense fallback={null}>
          <LogoutRunner onFailed={() => setLoggingOut(false)} />
        </Suspense>
      )}
    </>
  );
}
