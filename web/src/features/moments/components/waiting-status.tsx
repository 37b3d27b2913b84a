import button from '../../../components/ui/button.module.css';
import type { OutboxItem } from '../../offline/api/outbox-store';
import { discardOutboxItem, retryOutboxItem } from '../../offline/api/outbox-sync';
import styles from './waiting-status.module.css';

/** A waiting entry's or photo's state: "Waiting to send", or refused with the reason, Retry and Discard. */
export function WaitingStatus({ item }: { item: OutboxItem }) {
  if (item.status === 'waiting') {
    return (
      <span className={styles.caption} role="status">
        Waiting to send
      </span>
    );
  }
  return (
    <div role="alert" className={styles.refusal}>
      <span className={`${styles.caption} ${styles.refused}`}>Not sent: {item.error}</span>
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
