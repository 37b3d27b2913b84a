import {
  memo,
  useEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type Touch,
  type TouchEvent,
} from 'react';
import { PAGE_SWIPE_THRESHOLD_PX, type Journal } from '@moments/shared';
import { Link as RouterLink } from 'react-router-dom';
import { isSharedJournal, useJournalPages } from '../api/get-journals';
import { useFirstAnswerDeferred } from '../../../lib/use-first-answer-deferred';
import { REVEAL_MARGIN, useRevealedNearScreen } from '../../../lib/use-revealed-count';
import button from '../../../components/ui/button.module.css';
import { ErrorAlert } from '../../../components/errors/error-alert';
import { Spinner } from '../../../components/ui/spinner';
import { usePrefetchWhenSettled } from '../../../lib/load-later';
import { MomentCard, prefetchMomentMenu } from './moment-card';
import { useDismissPagePreviewWhen } from '../utils/use-dismiss-page-preview';
import styles from './moments-list.module.css';

type TabName = 'private' | 'shared';
const TABS: readonly TabName[] = ['private', 'shared'];

function EmptyState({ tab }: { tab: TabName }) {
  if (tab === 'shared') {
    return (
      <div className={styles.empty}>
        <h2>No shared moments yet</h2>
        <p>Moments that you share with others will appear here.</p>
      </div>
    );
  }
  return (
    <div className={styles.empty}>
      <h2>No private moments found</h2>
      <p>Create your first private moment to get started.</p>
      <RouterLink to="/moment/new" className={button.contained}>
        Create New Moment
      </RouterLink>
    </div>
  );
}

/** The first two rows of cards fill a phone's first screen; their covers load at once. */
const EAGER_CARDS = 4;
/**
 * Rendered before anything else: the first screen and a row below it; then 8 at a time as the
 * person scrolls towards the end (50 cards at once cost a phone seconds of main thread).
 */
const FIRST_RENDER_CARDS = 6;
const CARDS_PER_RENDER = 8;

/**
 * Calls `onNear` whenever `end` (placed after the list) comes within a screen's height below the
 * screen, and again after each change of `generation` while it stays there: a tab showing few
 * of the loaded moments asks for page after page until it is full or the list is whole.
 */
function useNearEnd(onNear: (() => void) | undefined, generation: number) {
  const [end, setEnd] = useState<Element | null>(null);
  useEffect(() => {
    if (!onNear || !end) return;
    if (typeof IntersectionObserver === 'undefined') {
      onNear();
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        onNear();
      },
      { rootMargin: REVEAL_MARGIN },
    );
    observer.observe(end);
    return () => observer.disconnect();
  }, [onNear, end, generation]);
  return setEnd;
}

interface MomentGridProps {
  journals: Journal[];
  /** Asks for the next page; undefined while one loads or when the list is whole. */
  loadMore: (() => void) | undefined;
  /** How many moments are loaded, in both tabs: each new page may ask for the next. */
  loaded: number;
}

function MomentGrid({ journals, loadMore, loaded }: MomentGridProps) {
  const [shown, listEnd] = useRevealedNearScreen(
    journals.length,
    FIRST_RENDER_CARDS,
    CARDS_PER_RENDER,
  );
  const allShown = shown >= journals.length;
  const pagesEnd = useNearEnd(allShown ? loadMore : undefined, loaded);
  // Once the cards show and the page has settled: the first press on a card's menu need not wait.
  usePrefetchWhenSettled(prefetchMomentMenu);
  return (
    <>
      <ul className={styles.grid}>
        {journals.slice(0, shown).map((journal, i) => (
          <li key={journal.id} className={i < EAGER_CARDS ? undefined : styles.offScreenCard}>
            <MomentCard
              journal={journal}
              coverLoading={i === 0 ? 'first' : i < EAGER_CARDS ? 'eager' : 'lazy'}
            />
          </li>
        ))}
      </ul>
      {/* Where the next batch, then the next page, is asked for; nothing once all show. */}
      {!allShown && <div ref={listEnd} aria-hidden className={styles.listEnd} />}
      {allShown && loadMore && <div ref={pagesEnd} aria-hidden className={styles.listEnd} />}
    </>
  );
}

interface MomentsListProps {
  /** The list call waits for a signed-in user. */
  enabled: boolean;
}

const TAB_LABELS: Record<TabName, string> = { private: 'Private', shared: 'Shared' };

/**
 * The two tabs, as the ARIA tabs pattern: arrow keys, Home and End move between them and select
 * (the list shows at once). Plain buttons with a CSS module rather than MUI's Tabs, which measure the page (a
 * forced layout and a second render) when they mount, on the home screen's first paint.
 * Memoised: the list's updates need not render them.
 */
const MomentTabs = memo(function MomentTabs({
  tab,
  onSelect,
}: {
  tab: TabName;
  onSelect: (tab: TabName) => void;
}) {
  const buttons = useRef(new Map<TabName, HTMLButtonElement>());
  const onKeyDown = (event: KeyboardEvent) => {
    const index = TABS.indexOf(tab);
    const next = {
      ArrowRight: TABS[(index + 1) % TABS.length],
      ArrowLeft: TABS[(index - 1 + TABS.length) % TABS.length],
      Home: TABS[0],
      End: TABS[TABS.length - 1],
    }[event.key];
    if (!next) return;
    event.preventDefault();
    onSelect(next);
    buttons.current.get(next)?.focus();
  };
  return (
    <div role="tablist" aria-label="Moment lists" onKeyDown={onKeyDown} className={styles.tabs}>
      {TABS.map((name) => (
        <button
          key={name}
          className={styles.tab}
          ref={(button) => {
            if (button) buttons.current.set(name, button);
            else buttons.current.delete(name);
          }}
          type="button"
          role="tab"
          id={`tab-${name}`}
          aria-controls={`panel-${name}`}
          aria-selected={tab === name}
          tabIndex={tab === name ? 0 : -1}
          onClick={() => onSelect(name)}
        >
          {TAB_LABELS[name]}
        </button>
      ))}
    </div>
  );
});

/** The Private / Shared tabs of the home screen, switchable by a horizontal swipe. */
export function MomentsList({ enabled }: MomentsListProps) {
  const [tab, setTab] = useState<TabName>('private');
  const pages = useJournalPages({ enabled });
  const { isPending, isError, refetch } = pages;
  const latest = pages.journals;
  // The cards first render in the background, in slices that yield to the browser.
  const data = useFirstAnswerDeferred(latest);
  const rendering = latest !== undefined && data === undefined;
  const touchStart = useRef<{ x: number; y: number } | null>(null);

  useDismissPagePreviewWhen(!isPending && !rendering);

  const journals = data ?? [];
  const visible = journals.filter((journal) => isSharedJournal(journal) === (tab === 'shared'));
  const loadMore = pages.hasMore ? pages.loadMore : undefined;
  // Still looking for this tab's moments in the pages below.
  const searching = visible.length === 0 && (pages.hasMore || pages.loadingMore);

  const onTouchStart = (event: TouchEvent) => {
    const touch = event.touches[0];
    touchStart.current = touch ? { x: touch.clientX, y: touch.clientY } : null;
  };
  /**
   * Switches tabs once the finger is a swipe's length sideways from where it started: while it
   * still moves, so the swipe answers before the finger lifts. One switch per gesture.
   */
  const swipeTo = (touch: Touch | undefined) => {
    const start = touchStart.current;
    if (!start || !touch) return;
    const dx = touch.clientX - start.x;
    const dy = touch.clientY - start.y;
    // Mostly vertical gestures are scrolling, not tab switches.
    if (Math.abs(dx) < PAGE_SWIPE_THRESHOLD_PX || Math.abs(dy) > Math.abs(dx)) return;
    touchStart.current = null;
    const next = TABS[TABS.indexOf(tab) + (dx < 0 ? 1 : -1)];
    if (next) setTab(next);
  };
  const onTouchEnd = (event: TouchEvent) => {
    swipeTo(event.changedTouches[0]);
    touchStart.current = null;
  };

  return (
    <div
      onTouchStart={onTouchStart}
      onTouchMove={(event) => swipeTo(event.touches[0])}
      onTouchEnd={onTouchEnd}
      onTouchCancel={() => {
        touchStart.current = null;
      }}
      className={styles.list}
    >
      <MomentTabs tab={tab} onSelect={setTab} />
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        {isPending || rendering ? (
          <div className={styles.loading}>
            <Spinner label="Loading moments" />
          </div>
        ) : isError ? (
          <ErrorAlert onRetry={() => void refetch()}>
            Unable to load your moments. Please try again.
          </ErrorAlert>
        ) : visible.length === 0 && !searching && !pages.moreFailed ? (
          <EmptyState tab={tab} />
        ) : (
          <>
            <MomentGrid journals={visible} loadMore={loadMore} loaded={journals.length} />
            {pages.moreFailed ? (
              <ErrorAlert onRetry={pages.retryMore}>
                Unable to load more moments. Please try again.
              </ErrorAlert>
            ) : (
              (pages.loadingMore || searching) && (
                <div className={styles.loading}>
                  <Spinner label="Loading more moments" />
                </div>
              )
            )}
          </>
        )}
      </div>
    </div>
  );
}
