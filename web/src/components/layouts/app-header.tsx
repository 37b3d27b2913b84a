import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import logoMarkUrl from '../../assets/logo-mark.svg';
import styles from './app-header.module.css';

interface AppHeaderProps {
  /** Right-hand side, e.g. the account menu. */
  actions?: ReactNode;
}

export function AppHeader({ actions }: AppHeaderProps) {
  return (
    <header className={styles.header}>
      <div className={styles.toolbar}>
        <RouterLink to="/home" className={styles.home}>
          <img src={logoMarkUrl} alt="" width={36} height={36} data-testid="logo-mark" />
          Moments
        </RouterLink>
        {actions}
      </div>
    </header>
  );
}
