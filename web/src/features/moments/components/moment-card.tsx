import { memo, useState } from 'react';
import { formatShortDate, type Journal } from '@moments/shared';
import { Link as RouterLink } from 'react-router-dom';
import { CollaboratorAvatars } from './collaborator-avatars';
import { ANALYTICS_SENSITIVE_CLASS } from '../../../lib/analytics/privacy';
import { coverOf } from '../utils/journal-list';
import { photoSources } from '../utils/photo-sources';
import hidden from '../../../components/ui/visually-hidden.module.css';
import styles from './moment-card.module.css';
import MomentMenuActions, { prefetchMenuParts } from './moment-menu-actions';

/**
 * Fetches what the cards' menu items run and open (Pin's and Delete's calls, the delete dialog,
 * the mute item) once the page has settled (the list calls it once, not each card). The menu
 * itself is in /home's first code.
 */
export const prefetchMomentMenu = prefetchMenuParts;

export function newCommentsText(count: number): string {
  return count === 1 ? '1 new comment' : `${count} new comments`;
}

/** What the badge shows at most, as MUI's Badge does. */
const MAX_BADGE_COUNT = 99;

/**
 * The card's "Moment options" button. What the menu does (its mutations, the menu and the
 * delete dialog) mounts at the first press: fifty cards would otherwise each set it all up.
 */
function MomentMenu({ journal }: { journal: Journal }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [used, setUsed] = useState(false);
  const menuId = `moment-menu-${journal.id}`;

  return (
    <>
      <button
        type="button"
        className={styles.menuButton}
        aria-label="Moment options"
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => {
          setAnchor(event.currentTarget);
          setUsed(true);
        }}
      >
        <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
          <circle cx="12" cy="5" r="2" />
          <circle cx="12" cy="12" r="2" />
          <circle cx="12" cy="19" r="2" />
        </svg>
      </button>
      {used && (
        <MomentMenuActions
          journal={journal}
          menuId={menuId}
          anchor={anchor}
          onClose={() => setAnchor(null)}
        />
      )}
    </>
  );
}

interface MomentCardProps {
  journal: Journal;
  /**
   * How the cover loads: the first screen's covers at once ('eager'), the first of them, the
   * page's largest paint, ahead of everything else ('first'); the rest as they near the screen.
   */
  coverLoading?: 'first' | 'eager' | 'lazy';
}

/**
 * A moment in the home grid: cover photo with date and title, or text-only. Plain elements and
 * a CSS module (see moment-card.module.css). Memoised: a list update keeps the moments that did
 * not change (TanStack Query's structural sharing), and their cards are not rendered again.
 */
export const MomentCard = memo(function MomentCard({
  journal,
  coverLoading = 'lazy',
}: MomentCardProps) {
  const cover = coverOf(journal);
  const count = journal.newCommentsCount;
  const caption = (
    <div className={`${styles.caption} ${cover ? styles.onCover : styles.textOnly}`}>
      <time className={styles.date} dateTime={journal.createdAt}>
        {formatShortDate(journal.createdAt)}
      </time>
      <h2 className={styles.title}>{journal.title}</h2>
      <CollaboratorAvatars collaborators={journal.collaborators} />
    </div>
  );

  return (
    <div className={`${styles.card} ${ANALYTICS_SENSITIVE_CLASS}`} data-testid="moment-card">
      {count > 0 && (
        // Read as part of the card's link (below), not as a stray number.
        <span className={styles.badge} aria-hidden="true" data-testid="new-comments-badge">
          {count > MAX_BADGE_COUNT ? `${MAX_BADGE_COUNT}+` : count}
        </span>
      )}
      <MomentMenu journal={journal} />
      <RouterLink to={`/journals/${encodeURIComponent(journal.id)}`} className={styles.link}>
        {cover ? (
          <div className={styles.cover}>
            <img
              className={styles.coverImage}
              {...photoSources(cover, 'card')}
              src={cover.thumbUrl}
              alt=""
              loading={coverLoading === 'lazy' ? 'lazy' : 'eager'}
              fetchPriority={coverLoading === 'first' ? 'high' : undefined}
              // Each cover's own framing.
              style={{ objectPosition: `center ${cover.cropPosition}%` }}
            />
            {caption}
          </div>
        ) : (
          caption
        )}
        {count > 0 && <span className={hidden.visuallyHidden}>{newCommentsText(count)}</span>}
      </RouterLink>
    </div>
  );
});
