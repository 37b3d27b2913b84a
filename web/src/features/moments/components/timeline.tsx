import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
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
import { PersonAvatar, personName } from './collaborator-avatars';
import { EntryInput } from './entry-input';
import { ANALYTICS_SENSITIVE_CLASS } from '../../../lib/analytics/privacy';
import { photoSources } from '../utils/photo-sources';
import { useRevealedCount } from '../../../lib/use-revealed-count';

/** Entries rendered with the page; the rest follow, 10 at a time, once it has painted. */
const FIRST_RENDER_ENTRIES = 5;
const ENTRIES_PER_RENDER = 10;

interface TimelineProps {
  journalId: string;
  images: JournalImage[];
  comments: Comment[] | undefined;
  isPending: boolean;
  error: Error | null;
  onPhotoRef: (image: JournalImage) => void;
  /** Entries typed on this device and not sent yet, listed after the others. */
  waiting?: ReactNode;
  hasWaiting?: boolean;
}

function EntryText({
  text,
  images,
  onPhotoRef,
}: {
  text: string;
  images: JournalImage[];
  onPhotoRef: (image: JournalImage) => void;
}) {
  return (
    <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
      {parsePhotoRefs(text, images.length).map((segment, i) => {
        if (segment.type === 'text') return <span key={i}>{segment.text}</span>;
        const image = photoForRef(segment.n, images);
        return (
          <Link
            key={i}
            component="button"
            type="button"
            onClick={() => image && onPhotoRef(image)}
            sx={{ fontWeight: 600, verticalAlign: 'baseline', fontSize: 'inherit' }}
          >
            {segment.text}
          </Link>
        );
      })}
    </Typography>
  );
}

export function Entry({
  comment,
  images,
  aboutPhoto = false,
  onPhotoRef,
  status,
}: {
  comment: Comment;
  images: JournalImage[];
  /** Marks the entry as one about the photo the Photo Comments dialog shows. */
  aboutPhoto?: boolean;
  onPhotoRef: (image: JournalImage) => void;
  /** Shown under the text of an entry not sent yet. */
  status?: ReactNode;
}) {
  const refs = referencedPhotoNumbers(comment.text, images.length).flatMap((n) => {
    const image = photoForRef(n, images);
    return image ? [{ n, image }] : [];
  });
  return (
    <Box
      component="li"
      data-about-photo={aboutPhoto ? 'true' : undefined}
      sx={{
        display: 'flex',
        gap: 1.5,
        py: 1.5,
        ...(aboutPhoto && { borderLeft: 4, borderColor: 'primary.main', pl: 1 }),
      }}
    >
      <PersonAvatar person={comment.user} size={36} />
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Typography variant="subtitle2" component="p" sx={{ fontWeight: 600 }}>
          {personName(comment.user)}
          {aboutPhoto && (
            <Box
              component="span"
              sx={{ ml: 1, fontWeight: 600, fontSize: '0.75rem', color: 'primary.main' }}
            >
              About this photo
            </Box>
          )}
        </Typography>
        <Typography
          variant="caption"
          component="time"
          dateTime={comment.createdAt}
          color="text.secondary"
          sx={{ display: 'block', mb: 0.5 }}
        >
          {formatEntryDate(comment.createdAt)}
        </Typography>
        <EntryText text={comment.text} images={images} onPhotoRef={onPhotoRef} />
        {status}
        {refs.length > 0 && (
          <Box sx={{ display: 'flex', gap: 1, mt: 1, flexWrap: 'wrap' }}>
            {refs.map(({ n, image }) => (
              <Box
                component="button"
                type="button"
                key={image.id}
                onClick={() => onPhotoRef(image)}
                aria-label={`Show photo ${n}`}
                sx={{ p: 0, border: 0, borderRadius: 1, overflow: 'hidden', cursor: 'pointer' }}
              >
                <Box
                  component="img"
                  {...photoSources(image, 'timelineThumb')}
                  src={image.thumbUrl}
                  alt=""
                  loading="lazy"
                  sx={{
                    width: PHOTO_REF_THUMBNAIL_PX,
                    height: PHOTO_REF_THUMBNAIL_PX,
                    objectFit: 'cover',
                    display: 'block',
                  }}
                />
              </Box>
            ))}
          </Box>
        )}
      </Box>
    </Box>
  );
}

/** The Timeline section: entries with author, date and "#photo N" links, and the entry input. */
export function Timeline({
  journalId,
  images,
  comments,
  isPending,
  error,
  onPhotoRef,
  waiting,
  hasWaiting = false,
}: TimelineProps) {
  const shown = useRevealedCount(comments?.length ?? 0, FIRST_RENDER_ENTRIES, ENTRIES_PER_RENDER);
  return (
    <Box
      component="section"
      aria-labelledby="timeline-heading"
      className={ANALYTICS_SENSITIVE_CLASS}
      sx={{ mt: 3 }}
    >
      <Typography id="timeline-heading" variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
        Timeline
      </Typography>
      {isPending ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
          <CircularProgress aria-label="Loading timeline" size={28} />
        </Box>
      ) : error ? (
        <Alert severity="error">{timelineLoadError(error)}</Alert>
      ) : (comments && comments.length > 0) || hasWaiting ? (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {comments?.slice(0, shown).map((comment) => (
            <Entry key={comment.id} comment={comment} images={images} onPhotoRef={onPhotoRef} />
          ))}
          {/* Unsent entries come last, so they wait until the list above them is whole. */}
          {shown === (comments?.length ?? 0) && waiting}
        </Box>
      ) : (
        <Typography color="text.secondary" sx={{ py: 2 }}>
          No entries yet.
        </Typography>
      )}
      <Box sx={{ mt: 2 }}>
        <EntryInput journalId={journalId} />
      </Box>
    </Box>
  );
}
