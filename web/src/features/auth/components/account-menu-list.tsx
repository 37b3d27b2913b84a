import { logoutFailedToast } from '@moments/shared';
import { Link as RouterLink } from 'react-router-dom';
import { Menu, MenuItem } from '../../../components/ui/menu';
import { toast } from '../../../components/ui/toast';
import { useLogout } from '../api/logout';

interface AccountMenuListProps {
  id: string;
  buttonId: string;
  anchor: HTMLElement | null;
  onClose: () => void;
}

/** The account menu's items, My Account and Logout: mounted at the button's first press. */
export default function AccountMenuList({ id, buttonId, anchor, onClose }: AccountMenuListProps) {
  const logout = useLogout();
  return (
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
        disabled={logout.isPending}
        onClick={() => {
          onClose();
          logout.mutate(undefined, { onError: (error) => toast(logoutFailedToast(error)) });
        }}
      >
        {logout.isPending ? 'Logging out...' : 'Logout'}
      </MenuItem>
    </Menu>
  );
}
