import { lazy, Suspense, type ReactNode } from 'react';

// Drawn by the UI kit, which the first screens of /home and a moment's page do not load: its
// code is fetched when a failure first shows, which meanwhile shows as plain text.
const ErrorAlert = lazy(() => import('./error-alert'));

/** A failure's message, and Retry when `onRetry` is given (MUI's error Alert, loaded apart). */
export function LazyErrorAlert({
  children,
  onRetry,
  className,
}: {
  children: ReactNode;
  onRetry?: () => void;
  className?: string;
}) {
  return (
    <div className={className}>
      <Suspense fallback={<p>{children}</p>}>
        <ErrorAlert onRetry={onRetry}>{children}</ErrorAlert>
      </Suspense>
    </div>
  );
}
