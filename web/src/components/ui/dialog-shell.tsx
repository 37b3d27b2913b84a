import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import { Spinner } from './spinner';
import styles from './dialog-shell.module.css';

interface DialogShellProps {
  /** The dialog's name, as its title will show it. */
  title: string;
  onClose: () => void;
  /** The photo viewer's black full screen rather than a centred paper. */
  fullScreen?: boolean;
}

/**
 * A dialog's frame, drawn at the press while the dialog's code (and the UI kit it brings) is
 * still on its way: a Suspense fallback, so the press answers in the same frame. Plain elements
 * and a CSS module, in the first screen's code. Escape or a tap outside closes it.
 */
export function DialogShell({ title, onClose, fullScreen = false }: DialogShellProps) {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [onClose]);
  return createPortal(
    <div
      className={`${styles.backdrop} ${fullScreen ? styles.fullScreen : ''}`}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        role="dialog"
        aria-modal="true"
        aria-label={title}
        aria-busy="true"
        className={styles.paper}
      >
        {!fullScreen && <h2 className={styles.title}>{title}</h2>}
        <Spinner label={`Loading ${title}`} color={fullScreen ? '#fff' : undefined} />
      </div>
    </div>,
    document.body,
  );
}
