// The loading screen index.html draws before the code arrives, now drawn by React with the same
// base styles (`.boot`, config/base-styles.ts): plain elements, no MUI and no style sheet to
// fetch, as it shows while a phone's main thread is busiest.
import { Spinner } from '../ui/spinner';

interface FullScreenLoaderProps {
  /** Visible text under the spinner, also its accessible name. */
  label?: string;
  /** Accessible name when no visible label is wanted. */
  ariaLabel?: string;
}

export function FullScreenLoader({ label, ariaLabel }: FullScreenLoaderProps) {
  return (
    <div className="boot">
      <Spinner label={ariaLabel ?? label ?? 'Loading'} />
      {label && <p aria-live="polite">{label}</p>}
    </div>
  );
}
