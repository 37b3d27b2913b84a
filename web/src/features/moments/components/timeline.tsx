import {
  useEffect,
  useEffectEvent,
  useLayoutEffect,
  useRef,
  type ReactNode,
  type RefObject,
} from 'react';
import {
  PHOTO_REF_THUMBNAIL_PX,
  formatEntryDate,
  parsePhotoRefs,
  photoForRef,
  referencedPhotoNumbers,
  timelineLoadError,
  type Comment,
  type JournalImage,
} from '@moments/shared';
import { PersonAvatar, personName } from '../../../components/ui/person-avatar';
import { EntryInput } from './entry-input';
import { ErrorAlert } from '../../../components/errors/error-alert';
import { ANALYTICS_SENSITIVE_CLASS } from '../../../lib/analytics/privacy';
import { photoSources } from '../utils/photo-sources';
import { useRevealedCount } from '../../../lib/use-revealed-count';
import button from '../../../components/ui/button.module.css';
import styles from './timeline.module.css';
import { Spinner } from '../../../components/ui/spinner';

/** Entries rendered with the page; the rest follow, 10 at a time, once it has painted. */
const FIRST_RENDER_ENTRIES = 5;
const ENTRIES_PER_RENDER = 10;

/** The timeline's earlier pages (use-timeline.ts), above the newest page's entries. */
export interface EarlierEntries {
  entries: Comment[];
  hasEarlier: boolean;
  loading: boolean;
  error: Error | null;
  load: () => void;
}

interface TimelineProps {
  journalId: string;
  /** Every photo of the moment, or none while not all are held ("#photo N" needs them all). */
  images: JournalImage[];
  /** The newest page's entries, oldest first. */
  comments: Comment[] | undefined;
  earlier?: EarlierEntries;
  isPending: boolean;
  error: Error | null;
  onPhotoRef: (image: JournalImage) => void;
  /** How many photos the moment holds (`images.length` once they are all held). */
  photoCount?: number;
  /** A "#photo N" link followed while `images` holds none. */
  onPhotoNumber?: (n: number) => void;
  /** Entries typed on this device and not sent yet, listed after the others. */
  waiting?: ReactNode;
  hasWaiting?: boolean;
}

/** What an entry needs to show its "#photo N" links (see TimelineProps). */
interface PhotoLinks {
  images: JournalImage[];
  photoCount?: number;
  onPhotoRef: (image: JournalImage) => void;
  onPhotoNumber?: (n: number) => void;
}

function EntryText({
  text,
  links: { images, photoCount = images.length, onPhotoRef, onPhotoNumber },
}: {
  text: string;
  links: PhotoLinks;
}) {
  return (
    <p className={styles.text} data-entry-text>
      {parsePhotoRefs(text, photoCount).map((segment, i) => {
        if (segment.type === 'text') return <span key={i}>{segment.text}</span>;
        const image = photoForRef(segment.n, images);
        return (
          <button
            key={i}
            type="button"
            className={styles.photoRef}
            onClick={() => (image ? onPhotoRef(image) : onPhotoNumber?.(segment.n))}
          >
            {segment.text}
          </button>
        );
      })}
    </p>
  );
}

/** One entry: plain elements and a CSS module (timeline.module.css). */
export function Entry({
  comment,
  aboutPhoto = false,
  status,
  ...links
}: PhotoLinks & {
  comment: Comment;
  /** Marks the entry as one about the photo the Photo Comments dialog shows. */
  aboutPhoto?: boolean;
  /** Shown under the text of an entry not sent yet. */
  status?: ReactNode;
}) {
  const { images, photoCount = images.length, onPhotoRef } = links;
  const refs = referencedPhotoNumbers(comment.text, photoCount).flatMap((n) => {
    const image = photoForRef(n, images);
    return image ? [{ n, image }] : [];
  });
  return (
    <li
      className={aboutPhoto ? `${styles.entry} ${styles.aboutPhoto}` : styles.entry}
      data-about-photo={aboutPhoto ? 'true' : undefined}
      data-entry-id={comment.id}
    >
      <PersonAvatar person={comment.user} size={36} />
      <div className={styles.body}>
        <p className={styles.author}>
          {personName(comment.user)}
          {aboutPhoto && <span className={styles.aboutPhotoLabel}>About this photo</span>}
        </p>
        <time className={styles.date} dateTime={comment.createdAt}>
          {formatEntryDate(comment.createdAt)}
        </time>
        <EntryText text={comment.text} links={links} />
        {status}
        {refs.length > 0 && (
          <div className={styles.thumbnails}>
            {refs.map(({ n, image }) => (
              <button
                type="button"
                key={image.id}
                className={styles.thumbnailButton}
                onClick={() => onPhotoRef(image)}
                aria-label={`Show photo ${n}`}
              >
                <img
                  className={styles.thumbnail}
                  {...photoSources(image, 'timelineThumb')}
                  src={image.thumbUrl}
                  alt=""
                  loading="lazy"
                  width={PHOTO_REF_THUMBNAIL_PX}
                  height={PHOTO_REF_THUMBNAIL_PX}
                />
              </button>
            ))}
          </div>
        )}
      </div>
    </li>
  );
}

/**
 * "Earlier entries": asks for the page before the first entry shown, on a tap or when the
 * person scrolls up to it, and keeps the entries on screen where they were as the page comes in
 * above them.
 */
function EarlierEntriesButton({
  earlier,
  list,
}: {
  earlier: EarlierEntries;
  list: RefObject<HTMLUListElement | null>;
}) {
  const trigger = useRef<HTMLButtonElement>(null);
  // The first entry shown and where it was on screen when the page was asked for.
  const anchor = useRef<{ id: string; top: number } | null>(null);
  const firstId = earlier.entries[0]?.id;
  const { load, loading } = earlier;

  const loadKeepingPlace = () => {
    const first = list.current?.querySelector<HTMLElement>('[data-entry-id]');
    if (first) {
      anchor.current = { id: first.dataset.entryId ?? '', top: first.getBoundingClientRect().top };
    }
    load();
  };
  const loadOnScroll = useEffectEvent(loadKeepingPlace);

  useLayoutEffect(() => {
    const kept = anchor.current;
    if (!kept) return;
    const element = list.current?.querySelector(`[data-entry-id="${CSS.escape(kept.id)}"]`);
    if (!element) return;
    const moved = element.getBoundingClientRect().top - kept.top;
    if (moved !== 0) window.scrollBy(0, moved);
    if (list.current?.querySelector('[data-entry-id]') !== element) anchor.current = null;
  }, [firstId, list]);

  // Scrolling up to the button asks for the page, as a tap does (not on open, when the
  // timeline's top may be in view without the person going there).
  useEffect(() => {
    const target = trigger.current;
    if (!target || loading || typeof IntersectionObserver === 'undefined') return;
    let lastY = window.scrollY;
    let scrollingUp = false;
    const onScroll = () => {
      scrollingUp = window.scrollY < lastY;
      lastY = window.scrollY;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    const observer = new IntersectionObserver((entries) => {
      if (scrollingUp && entries.some((entry) => entry.isIntersecting)) loadOnScroll();
    });
    observer.observe(target);
    return () => {
      observer.disconnect();
      window.removeEventListener('scroll', onScroll);
    };
  }, [loading]);

  if (earlier.error) return <ErrorAlert>{timelineLoadError(earlier.error)}</ErrorAlert>;
  if (!earlier.hasEarlier) return null;
  return (
    <button
      ref={trigger}
      type="button"
      className={`${button.button} ${button.text} ${styles.earlier}`}
      onClick={loadKeepingPlace}
      disabled={loading}
      aria-busy={loading || undefined}
    >
      {loading ? 'Loading earlier entries' : 'Earlier entries'}
    </button>
  );
}

/** The Timeline section: entries with author, date and "#photo N" links, and the entry input. */
export function Timeline({
  journalId,
  images,
  comments,
  earlier,
  isPending,
  error,
  onPhotoRef,
  photoCount,
  onPhotoNumber,
  waiting,
  hasWaiting = false,
}: TimelineProps) {
  const links = { images, photoCount, onPhotoRef, onPhotoNumber };
  // The newest page renders in slices; earlier pages, asked for one at a time, at once.
  const shown = useRevealedCount(comments?.length ?? 0, FIRST_RENDER_ENTRIES, ENTRIES_PER_RENDER);
  const list = useRef<HTMLUListElement>(null);
  const older = earlier?.entries ?? [];
  return (
    <section
      aria-labelledby="timeline-heading"
      className={`${ANALYTICS_SENSITIVE_CLASS} ${styles.timeline}`}
    >
      <h2 id="timeline-heading" className={styles.heading}>
        Timeline
      </h2>
      {isPending ? (
        <div className={styles.loading}>
          <Spinner label="Loading timeline" size={28} />
        </div>
      ) : error ? (
        <ErrorAlert>{timelineLoadError(error)}</ErrorAlert>
      ) : (comments && comments.length > 0) || hasWaiting ? (
        <>
          {earlier && <EarlierEntriesButton earlier={earlier} list={list} />}
          <ul className={styles.entries} ref={list}>
            {older.map((comment) => (
              <Entry key={comment.id} comment={comment} {...links} />
            ))}
            {comments?.slice(0, shown).map((comment) => (
              <Entry key={comment.id} comment={comment} {...links} />
            ))}
            {/* Unsent entries come last, so they wait until the list above them is whole. */}
            {shown === (comments?.length ?? 0) && waiting}
          </ul>
        </>
      ) : (
        <p className={styles.empty}>No entries yet.</p>
      )}
      <div className={styles.field}>
        <EntryInput journalId={journalId} />
      </div>
    </section>
  );
}
