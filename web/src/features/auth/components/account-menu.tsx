import { useId, useState } from 'react';
import { PersonAvatar } from '../../../components/ui/person-avatar';
import { useUser } from '../api/get-user';
import styles from './account-menu.module.css';
import AccountMenuList from './account-menu-list';

/** The avatar button of the header, with My Account and Logout. */
export function AccountMenu() {
  const { data: user } = useUser();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // Mounted at the first press, and kept so that it can animate closed.
  const [used, setUsed] = useState(false);
  const menuId = useId();
  const buttonId = useId();
  const open = Boolean(anchor);

  return (
    <>
      <button
        type="button"
        id={buttonId}
        className={styles.button}
        aria-label="Account menu"
        aria-haspopup="menu"
        aria-controls={open ? menuId : undefined}
        aria-expanded={open}
        onClick={(event) => {
          setAnchor(event.currentTarget);
          setUsed(true);
        }}
      >
        <PersonAvatar
          person={user ?? { firstName: null, lastName: null, profilePictureUrl: null }}
          size={36}
          className={styles.avatar}
        />
      </button>
      {used && (
        <AccountMenuList
          id={menuId}
          buttonId={buttonId}
          anchor={anchor}
          onClose={() => setAnchor(null)}
        />
      )}
    </>
  );
}
