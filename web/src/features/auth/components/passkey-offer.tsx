import { useEffect, useId, useRef, useState } from 'react';
import { PASSKEY_MESSAGES } from '@moments/shared';
import button from '../../../components/ui/button.module.css';
import { toast } from '../../../components/ui/toast';
import { useAddPasskey } from '../api/passkey-list';
import { isPasskeyPromptClosed } from '../utils/passkey-prompt';
import { markPasskeyOffered } from '../utils/passkey-offer';
import styles from './passkey-offer.module.css';

export const PASSKEY_ADDED_TOAST = {
  title: 'Passkey added',
  description: 'Next time, sign in with it.',
};

/**
 * The one offer of a passkey after a code or Apple sign-in: a quiet card at the foot of the
 * page, not a dialog, shown once on this device whatever the answer (marked as soon as shown).
 * Plain elements: the UI kit's code is the cards' menu's to fetch, in its own steps.
 */
export function PasskeyOffer({ onClose }: { onClose: () => void }) {
  const add = useAddPasskey();
  const headingId = useId();
  useEffect(() => markPasskeyOffered(), []);
  // The card floats over the page's foot; room as tall as it at the page's end lets the last
  // controls (a form's Save) scroll above it instead of staying hidden under it.
  const card = useRef<HTMLElement>(null);
  const [roomPx, setRoomPx] = useState(0);
  useEffect(() => {
    const element = card.current;
    if (!element) return;
    const measure = () => setRoomPx(element.offsetHeight + 32);
    measure();
    if (typeof ResizeObserver !== 'function') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  return (
    <>
      <div aria-hidden="true" style={{ height: roomPx }} />
      <aside ref={card} aria-labelledby={headingId} className={styles.offer}>
        <h2 id={headingId} className={styles.heading}>
          {PASSKEY_MESSAGES.offer}
        </h2>
        <p className={styles.text}>
          Use your face, fingerprint or screen lock instead of waiting for a code.
        </p>
        <div className={styles.actions}>
          <button type="button" className={button.text} onClick={onClose}>
            Not now
          </button>
          <button
            type="button"
            className={button.contained}
            disabled={add.isPending}
            onClick={() =>
              add.mutate(undefined, {
                onSuccess: () => {
                  toast(PASSKEY_ADDED_TOAST);
                  onClose();
                },
                onError: (error) => {
                  if (!isPasskeyPromptClosed(error)) {
                    toast({
                      title: 'No passkey added',
                      description: error.message,
                      variant: 'destructive',
                    });
                  }
                },
              })
            }
          >
            Add a passkey
          </button>
        </div>
      </aside>
    </>
  );
}
