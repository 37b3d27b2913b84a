import type { ReactNode } from 'react';
import { Alert } from '../ui/alert';
import button from '../ui/button.module.css';

/** Something failed: the message, and Retry when `onRetry` is given. */
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
    <Alert
      className={className}
      action={
        onRetry && (
          <button
            type="button"
            className={`${button.text} ${button.small} ${button.inherit}`}
            onClick={onRetry}
          >
            Retry
          </button>
        )
      }
    >
      {children}
    </Alert>
  );
}
