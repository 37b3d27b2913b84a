import { Suspense, lazy, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  MOMENT_UNAVAILABLE,
  PHOTO_HIGHLIGHT_MS,
  photoForRef,
  type JournalImage,
} from '@moments/shared';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { ErrorAlert } from '../../../components/errors/error-alert';
import { toast } from '../../../components/ui/toast';
import { usePrefetchWhenSettled } from '../../../lib/load-later';
import { useComments } from '../api/get-comments';
import { loadAllPhotos, useAllPhotos, useJournal } from '../api/get-journal';
import { isMomentUnavailable } from '../api/moment-errors';
import { useMarkViewedWhileOpen } from '../api/mark-viewed';
import { useTimelinePages } from '../api/use-timeline';
import { useDismissPagePreviewWhen } from '../utils/use-dismiss-page-preview';
import { CollaboratorAvatars } from './collaborator-avatars';
import { PhotoCarousel } from './photo-carousel';
import { Timeline } from './timeline';
import { WaitingEntries } from './waiting-entries';
import { WaitingPhotos } from './waiting-photos';
import { useOutboxItems } from '../../offline/hooks/use-outbox';
import { NEEDS_CONNECTION, useOnline } from '../../offline/hooks/use-online';
import { ANALYTICS_SENSITIVE_CLASS } from '../../../lib/analytics/privacy';
import { useFirstAnswerDeferred } from '../../../lib/use-first-answer-deferred';
import page from '../../../components/layouts/page.module.css';
import button from '../../../components/ui/button.module.css';
import styles from './moment-detail.module.css';
import { DialogShell } from '../../../components/ui/dialog-shell';
import { Spinner } from '../../../components/ui/spinner';
import { lazyUiKitPart, withUiKitTheme } from '../../../components/ui/with-ui-kit-theme';

// Loaded on the first tap on a photo: most visits only scroll the moment.
const PhotoViewer = lazy(withUiKitTheme(() => import('./photo-viewer/photo-viewer')));
// A photo's comments: its dialog, with the UI kit it brings, is not on the first screen.
const commentsDialog = lazyUiKitPart(() =>
  import('./photo-comments-dialog').then((module) => ({ default: module.PhotoCommentsDialog })),
);

/** What the timeline gets while a big moment's photos are not all held (a stable list). */
const NO_PHOTOS: JournalImage[] = [];

interface MomentDetailProps {
  journalId: string;
  /** Buttons beside the title (the page adds Share). */
  actions?: ReactNode;
}

/** `/journals/:id`: photos, text and the timeline of one moment. */
export function MomentDetail({ journalId, actions }: MomentDetailProps) {
  const journal = useJournal(journalId);
  const comments = useComments(journalId);
  // The moment and its timeline first render in the background, in slices.
  const moment = useFirstAnswerDeferred(journal.data);
  const newestEntries = useFirstAnswerDeferred(comments.data);
  const pages = useTimelinePages(journalId, newestEntries);
  // Every entry loaded: the earlier pages asked for, then the newest page.
  const entries = useMemo(
    () => newestEntries && [...pages.earlier, ...newestEntries],
    [pages.earlier, newestEntries],
  );
  const online = useOnline();
  // Entries typed here and not sent yet (or refused); once the timeline has one, it is sent.
  const outboxItems = useOutboxItems(journalId);
  const outbox = outboxItems.filter(
    (item) => item.op.kind === 'entry' && !entries?.some((entry) => entry.id === item.id),
  );
  // Once the photos (and their comments button) show.
  usePrefetchWhenSettled(commentsDialog.prefetch, moment !== undefined);
  const [index, setIndex] = useState(0);
  const [highlightedId, setHighlightedId] = useState<string | null>(null);
  // The photo whose Photo Comments dialog is open.
  const [commentsPhotoId, setCommentsPhotoId] = useState<string | null>(null);
  // Mounted when first opened, and kept so that it can animate closed.
  const [commentsUsed, setCommentsUsed] = useState(false);
  if (commentsPhotoId !== null && !commentsUsed) setCommentsUsed(true);
  // The photo open in the fullscreen viewer (display order), or null.
  const [viewerIndex, setViewerIndex] = useState<number | null>(null);
  // A big moment's first answer holds its first photos; the rest come with the listener, or
  // sooner when the person goes where they are needed (near the carousel's end of those held,
  // the viewer, a photo's comments, a "#photo N" link: showPhotoNumber).
  const allPhotos = useAllPhotos(
    journalId,
    moment,
    viewerIndex !== null || commentsPhotoId !== null || index >= (moment?.images.length ?? 0) - 2,
  );
  const highlightTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const navigate = useNavigate();
  // The caller's badge on this moment, live: entries by others since their last view.
  const unseen = journal.data?.newCommentsCount ?? 0;
  const gone = journal.isError && isMomentUnavailable(journal.error) && journal.data !== undefined;

  useMarkViewedWhileOpen(journalId, comments.isSuccess ? newestEntries : undefined, unseen);

  // Deleted, or the person was removed, while the page was open: back to the list.
  useEffect(() => {
    if (!gone) return;
    toast(MOMENT_UNAVAILABLE.toast);
    void navigate('/home', { replace: true });
  }, [gone, navigate]);

  useEffect(() => () => clearTimeout(highlightTimer.current), []);

  /** Shows `image` in the carousel, highlighted; `photos`: every photo held, display order. */
  const showPhoto = (image: JournalImage, photos = moment?.images ?? []) => {
    const position = photos.findIndex((item) => item.id === image.id);
    if (position < 0) return;
    setIndex(position);
    setHighlightedId(image.id);
    clearTimeout(highlightTimer.current);
    highlightTimer.current = setTimeout(() => setHighlightedId(null), PHOTO_HIGHLIGHT_MS);
    document
      .getElementById('moment-photos')
      ?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };
  // "#photo N" followed before every photo is held: shown once they are (a failed call leaves
  // the link to work once the listener has them).
  const showPhotoNumber = (n: number) => {
    loadAllPhotos(journalId).then(
      (photos) => {
        const image = photoForRef(n, photos);
        if (image) showPhoto(image, photos);
      },
      () => undefined,
    );
  };

  useDismissPagePreviewWhen(moment !== undefined || journal.isError);

  if (journal.isError) {
    return (
      <ErrorAlert>
        {isMomentUnavailable(journal.error)
          ? MOMENT_UNAVAILABLE.notFound
          : MOMENT_UNAVAILABLE.loadFailed}
      </ErrorAlert>
    );
  }
  // Loading, or its first answer still rendering.
  if (moment === undefined) {
    return (
      <div className={styles.loading}>
        <Spinner label="Loading moment" />
      </div>
    );
  }

  const images = moment.images;
  const photoCount = moment.photoCount;
  // Past the photos held, the carousel waits on the last of them until the rest are here.
  const safeIndex = Math.min(index, Math.max(images.length - 1, 0));
  const viewerShell = <DialogShell title="Photo" fullScreen onClose={() => setViewerIndex(null)} />;
  const commentsShell = commentsPhotoId !== null && (
    <DialogShell title="Photo Comments" onClose={() => setCommentsPhotoId(null)} />
  );

  return (
    <>
      <div className={styles.header}>
        <div className={`${ANALYTICS_SENSITIVE_CLASS} ${styles.heading}`}>
          <h1 className={`${page.title} ${styles.title}`}>{moment.title}</h1>
          <CollaboratorAvatars collaborators={moment.collaborators} />
        </div>
        {actions}
        {moment.role === 'owner' && (
          <RouterLink
            to={`/moment/${encodeURIComponent(moment.id)}/edit`}
            className={`${button.outlined} ${button.small}`}
            // Offline, as MUI marks a disabled link: not followed, not in the tab order.
            aria-disabled={online ? undefined : true}
            tabIndex={online ? undefined : -1}
            title={online ? undefined : NEEDS_CONNECTION}
            aria-description={online ? undefined : NEEDS_CONNECTION}
          >
            Edit
          </RouterLink>
        )}
      </div>
      {images.length > 0 && (
        <PhotoCarousel
          images={images}
          count={photoCount}
          index={safeIndex}
          onIndexChange={setIndex}
          highlightedId={highlightedId}
          title={moment.title}
          onOpen={() => setViewerIndex(safeIndex)}
          onOpenComments={(image) => setCommentsPhotoId(image.id)}
        />
      )}
      {viewerIndex !== null && images.length > 0 && (
        <Suspense fallback={viewerShell}>
          {/* A big moment's viewer and comments wait for every photo (useAllPhotos). */}
          {allPhotos ? (
            <PhotoViewer
              images={images}
              startIndex={viewerIndex}
              title={moment.title}
              onClose={(last) => {
                setViewerIndex(null);
                setIndex(last);
              }}
              onComments={(image) => {
                setViewerIndex(null);
                setIndex(images.indexOf(image));
                setCommentsPhotoId(image.id);
              }}
            />
          ) : (
            viewerShell
          )}
        </Suspense>
      )}
      <WaitingPhotos journalId={journalId} items={outboxItems} />
      {commentsUsed && (
        <Suspense fallback={commentsShell}>
          {allPhotos ? (
            <commentsDialog.Component
              journalId={journalId}
              title={moment.title}
              images={images}
              comments={entries}
              imageId={commentsPhotoId}
              onShowPhoto={setCommentsPhotoId}
              onClose={() => setCommentsPhotoId(null)}
            />
          ) : (
            commentsShell
          )}
        </Suspense>
      )}
      {moment.content && (
        <p className={`${ANALYTICS_SENSITIVE_CLASS} ${styles.content}`}>{moment.content}</p>
      )}
      <Timeline
        journalId={journalId}
        images={allPhotos ? images : NO_PHOTOS}
        comments={newestEntries}
        earlier={{
          entries: pages.earlier,
          hasEarlier: pages.hasEarlier,
          loading: pages.loadingEarlier,
          error: pages.earlierError,
          load: pages.loadEarlier,
        }}
        isPending={newestEntries === undefined && !comments.isError}
        error={comments.error}
        onPhotoRef={showPhoto}
        photoCount={photoCount}
        onPhotoNumber={showPhotoNumber}
        hasWaiting={outbox.length > 0}
        waiting={
          <WaitingEntries
            items={outbox}
            images={allPhotos ? images : NO_PHOTOS}
            onPhotoRef={showPhoto}
            photoCount={photoCount}
            onPhotoNumber={showPhotoNumber}
          />
        }
      />
    </>
  );
}
