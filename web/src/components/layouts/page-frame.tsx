import { Spinner } from '../ui/spinner';
import styles from './page-frame.module.css';

/**
 * A page's frame (its paper and title) with a spinner, shown at the press that leads to a page
 * whose code (and the UI kit it brings) is still on its way. Plain elements and a CSS module, in
 * the first screens' code.
 */
export function PageFrame({ title }: { title: string }) {
  return (
    <main className={styles.main} aria-busy="true">
      <div className={styles.paper}>
        <h1 className={styles.title}>{title}</h1>
        <Spinner label={`Loading ${title}`} />
      </div>
    </main>
  );
}
