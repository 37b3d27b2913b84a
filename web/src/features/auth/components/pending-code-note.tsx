import { formatClockTime } from '@moments/shared';
import type { PendingCode } from '../api/request-code';
import styles from './auth-page.module.css';

/** Whether the person's locale writes times on a 12-hour clock (2:02 PM) rather than 24 (14:02). */
function usesTwelveHourClock(): boolean {
  return new Intl.DateTimeFormat(undefined, { hour: 'numeric' }).resolvedOptions().hour12 ?? false;
}

/**
 * Why no new code arrives: one was still pending when another was asked for, so nothing was
 * sent, and that one still works. Times in the person's time zone and clock.
 */
export function PendingCodeNote({ code }: { code: PendingCode }) {
  const hour12 = usesTwelveHourClock();
  return (
    <p className={styles.instructions} role="status">
      A code was sent at {formatClockTime(code.sentAt, hour12)}; it works until{' '}
      {formatClockTime(code.expiresAt, hour12)}.
    </p>
  );
}
