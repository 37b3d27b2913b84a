import { PLUS_PLAN_NAME, SUBSCRIBE_PATH } from '@moments/shared';
import { Link } from 'react-router-dom';
import button from '../../../components/ui/button.module.css';
import type { OutboxItem } from '../../offline/api/outbox-store';
import { discardOutboxItem, retryOutboxItem } from '../../offline/api/outbox-sync';
import styles from './waiting-status.module.css';

/** Refused because the uploader's free photo allowance is full. */
const PAYMENT_REQUIRED = 402;

/**
 * A waiting entry's or photo's state: "Waiting to send", or refused with the reason, Retry and
 * Discard; a photo refused past the free allowance also offers the upgrade.
 */
export function WaitingStatus({ item }: { item: OutboxItem }) {
  if (item.status === 'waiting') {
    return (
      <span className={styles.caption} role="status">
        Waiting to send
      </span>
    );
  }
  const allowanceFull = item.op.kind === 'photo' && item.refusedStatus === PAYMENT_REQUIRED;
  return (
    <div role="alert" className={styles.refusal}>
      <span className={`${styles.caption} ${styles.refused}`}>Not sent: {item.error}</span>
      {allowanceFull && (
        <Link
          to={`${SUBSCRIBE_PATH}?flow=account`}
          className={`${button.text} ${button.small} ${styles.upgrade}`}
        >
          Get {PLUS_PLAN_NAME}
        </Link>
      )}
      <button
        type="button"
        className={`${button.text} ${button.small}`}
        onClick={() => void retryOutboxItem(item.id)}
      >
        Retry
      </button>
      <button
        type="button"
        className={`${button.text} ${button.small} ${button.inherit}`}
        onClick={() => void discardOutboxItem(item.id)}
      >
        Discard
      </button>
    </div>
  );
}
