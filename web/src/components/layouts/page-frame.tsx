import { Spinner } from '../ui/spinner';

/**
 * A page's frame (its paper and title) with a spinner, shown at the press that leads to a page
 * whose code (and the UI kit it brings) is still on its way. Plain elements styled by the base
 * styles' `.page-frame` (config/base-styles.ts), in the first screens' code.
 */
export function PageFrame({ title }: { title: string }) {
  return (
    <main className="page-frame" aria-busy="true">
      <div className="page-frame-paper">
        <h1>{title}</h1>
        <Spinner label={`Loading ${title}`} />
      </div>
    </main>
  );
}
