import type { ReactNode } from 'react';
import button from '../ui/button.module.css';
import styles from './error-alert.module.css';

// MUI's "error outline" icon.
const ERROR_ICON =
  'M11 15h2v2h-2zm0-8h2v6h-2zm.99-5C6.47 2 2 6.48 2 12s4.47 10 9.99 10C17.52 22 22 17.52 22 12S17.52 2 11.99 2M12 20c-4.42 0-8-3.58-8-8s3.58-8 8-8 8 3.58 8 8-3.58 8-8 8';

/**
 * Something failed: the message in a tinted box, announced as it appears, and Retry when
 * `onRetry` is given. Plain elements: the first screens of /auth, /home and a moment draw it.
 */
export function ErrorAlert({
  children,
  onRetry,
  className,
}: {
  children: ReactNode;
  onRetry?: () => void;
  className?: string;
}) {
  return (
    <div role="alert" className={className ? `${styles.alert} ${className}` : styles.alert}>
      <span className={styles.icon}>
        <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path fill="currentColor" d={ERROR_ICON} />
        </svg>
      </span>
      <div className={styles.message}>{children}</div>
      {onRetry && (
        <div className={styles.action}>
          <button
            type="button"
            className={`${button.text} ${button.small} ${button.inherit}`}
            onClick={onRetry}
          >
            Retry
          </button>
        </div>
      )}
    </div>
  );
}
