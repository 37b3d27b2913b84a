import { useEffect, useRef, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { HttpError, PHOTO_HIGHLIGHT_MS, type JournalImage } from '@moments/shared';
import { Link as RouterLink } from 'react-router-dom';
import { useComments } from '../api/get-comments';
import { useJournal } from '../api/get-journal';
import { useMarkViewed } from '../api/mark-viewed';
import { CollaboratorAvatars } from './collaborator-avatars';
import { PhotoCarousel } from './photo-carousel';
import { Timeline } from './timeline';

interface MomentDetailProps {
  journalId: string;
  /** Buttons beside the title (the page adds Share). */
  actions?: ReactNode;
}

/** `/journals/:id`: photos, text and the timeline of one moment. */
export function MomentDetail({ journalId, actions }: MomentDetailProps) {
  const journal = useJournal(journalId);
  const comments = useComments(journalId);
  const markViewed = useMarkViewed();
  const [index, setIndex] = useState(0);
  const [highlightedId, setHighlightedId] = useState<string | null>(null);
  const highlightTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const viewed = useRef<string | null>(null);
  const { mutate: markViewedMutate } = markViewed;

  // After the comments load, the moment counts as viewed (SPEC section 4, Viewing).
  useEffect(() => {
    if (comments.isSuccess && viewed.current !== journalId) {
      viewed.current = journalId;
      markViewedMutate(journalId);
    }
  }, [comments.isSuccess, journalId, markViewedMutate]);

  useEffect(() => () => clearTimeout(highlightTimer.current), []);

  if (journal.isPending) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
        <CircularProgress aria-label="Loading moment" />
      </Box>
    );
  }
  if (journal.isError) {
    const error = journal.error;
    return (
      <Alert severity="error">
        {error instanceof HttpError && error.status === 404
          ? 'This moment could not be found.'
          : (error instanceof HttpError && error.serverMessage) ||
            'Unable to load this moment. Please try again.'}
      </Alert>
    );
  }

  const moment = journal.data;
  const images = moment.images;
  const safeIndex = Math.min(index, Math.max(images.length - 1, 0));

  const showPhoto = (image: JournalImage) => {
    const position = images.findIndex((item) => item.id === image.id);
    if (position < 0) return;
    setIndex(position);
    setHighlightedId(image.id);
    clearTimeout(highlightTimer.current);
    highlightTimer.current = setTimeout(() => setHighlightedId(null), PHOTO_HIGHLIGHT_MS);
    document
      .getElementById('moment-photos')
      ?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, mb: 2 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography
            variant="h1"
            sx={{ fontSize: { xs: '1.5rem', sm: '1.75rem' }, wordBreak: 'break-word' }}
          >
            {moment.title}
          </Typography>
          <CollaboratorAvatars collaborators={moment.collaborators} />
        </Box>
        {actions}
        {moment.role === 'owner' && (
          <Button
            component={RouterLink}
            to={`/moment/${encodeURIComponent(moment.id)}/edit`}
            variant="outlined"
            size="small"
          >
            Edit
          </Button>
        )}
      </Box>
      {images.length > 0 && (
        <PhotoCarousel
          images={images}
          index={safeIndex}
          onIndexChange={setIndex}
          highlightedId={highlightedId}
          title={moment.title}
        />
      )}
      {moment.content && (
        <Typography sx={{ mt: 2, whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
          {moment.content}
        </Typography>
      )}
      <Timeline
        journalId={journalId}
        images={images}
        comments={comments.data}
        isPending={comments.isPending}
        error={comments.error}
        onPhotoRef={showPhoto}
      />
    </>
  );
}
