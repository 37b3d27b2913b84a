import type { ReactNode } from 'react';
import styles from './auth-page.module.css';

interface AuthPageLayoutProps {
  children: ReactNode;
}

/** Brand, tagline and a card: the frame of the sign-in screens. */
export function AuthPageLayout({ children }: AuthPageLayoutProps) {
  return (
    <main className={styles.page}>
      <div className={styles.brand}>
        <h1 className={styles.title}>Moments</h1>
        <p className={styles.tagline}>Sign up once. Remember forever.</p>
      </div>
      <div className={styles.card}>{children}</div>
    </main>
  );
}
