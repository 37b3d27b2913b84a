import { useId, useState } from 'react';
import Avatar from '@mui/material/Avatar';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { initials, logoutFailedToast } from '@moments/shared';
import { Link as RouterLink } from 'react-router-dom';
import { toast } from '../../../components/ui/toast';
import { useUser } from '../api/get-user';
import { useLogout } from '../api/logout';

/** The avatar button of the header, with My Account and Logout. */
export function AccountMenu() {
  const { data: user } = useUser();
  const logout = useLogout();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const buttonId = useId();
  const open = Boolean(anchor);

  return (
    <>
      <IconButton
        id={buttonId}
        aria-label="Account menu"
        aria-haspopup="menu"
        aria-controls={open ? menuId : undefined}
        aria-expanded={open}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ p: 0.5 }}
      >
        <Avatar
          src={user?.profilePictureUrl ?? undefined}
          alt=""
          sx={{ width: 36, height: 36, bgcolor: 'secondary.main', fontSize: '1rem' }}
        >
          {initials(user?.firstName, user?.lastName) || undefined}
        </Avatar>
      </IconButton>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={open}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ list: { 'aria-labelledby': buttonId } }}
      >
        <MenuItem component={RouterLink} to="/profile" onClick={() => setAnchor(null)}>
          My Account
        </MenuItem>
        <MenuItem
          disabled={logout.isPending}
          onClick={() => {
            setAnchor(null);
            logout.mutate(undefined, { onError: (error) => toast(logoutFailedToast(error)) });
          }}
        >
          {logout.isPending ? 'Logging out...' : 'Logout'}
        </MenuItem>
      </Menu>
    </>
  );
}
