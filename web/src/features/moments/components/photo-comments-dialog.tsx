import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  MOBILE_BREAKPOINT_PX,
  isAboutPhoto,
  photoRefNumber,
  type Comment,
  type JournalImage,
} from '@moments/shared';
import { usePhotoEntries } from '../api/get-comments';
import { EntryInput } from './entry-input';
import { Entry } from './timeline';
import { ANALYTICS_SENSITIVE_CLASS } from '../../../lib/analytics/privacy';

interface PhotoCommentsDialogProps {
  journalId: string;
  title: string;
  /** The moment's photos in display order. */
  images: JournalImage[];
  /** The timeline's entries loaded so far (its pages); the photo's own are asked for apart. */
  comments: Comment[] | undefined;
  /** The photo shown; the dialog is closed when null. */
  imageId: string | null;
  /** Another photo chosen from inside the dialog (a "#photo N" link). */
  onShowPhoto: (imageId: string) => void;
  onClose: () => void;
}

/**
 * The Photo Comments dialog: the selected photo large, the moment's timeline with the entries
 * about this photo marked (or, switched on, those alone), and an input for a new entry about
 * it. Escape or Close shut it.
 */
export function PhotoCommentsDialog({
  journalId,
  title,
  images,
  comments,
  imageId,
  onShowPhoto,
  onClose,
}: PhotoCommentsDialogProps) {
  const fullScreen = useMediaQuery(`(max-width:${MOBILE_BREAKPOINT_PX - 0.02}px)`);
  const position = images.findIndex((image) => image.id === imageId);
  const image = images[position];
  const n = image ? photoRefNumber(image, images) : 0;
  const [onlyThisPhoto, setOnlyThisPhoto] = useState(false);
  // The photo's entries wherever they are in the timeline, not only in the pages loaded.
  const photoEntries = usePhotoEntries(journalId, image?.id, n);
  const all = useMemo(() => {
    if (!comments) return undefined;
    const loaded = new Set(comments.map((comment) => comment.id));
    const more = (photoEntries.data ?? []).filter((comment) => !loaded.has(comment.id));
    // Stable: entries of one millisecond keep the timeline's order.
    return more.length === 0
      ? comments
      : [...comments, ...more].sort((a, b) =>
          a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0,
        );
  }, [comments, photoEntries.data]);
  const about = (comment: Comment) => Boolean(image) && isAboutPhoto(comment, image!, images);
  const entries = (all ?? []).filter((comment) => !onlyThisPhoto || about(comment));

  return (
    <Dialog
      className={ANALYTICS_SENSITIVE_CLASS}
      open={Boolean(image)}
      onClose={onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="md"
      aria-labelledby="photo-comments-title"
    >
      {image && (
        <>
          <Box sx={{ display: 'flex', alignItems: 'center', pr: 1 }}>
            <DialogTitle id="photo-comments-title" sx={{ flex: 1, fontSize: '1.25rem' }}>
              Photo Comments
            </DialogTitle>
            <IconButton aria-label="Close" onClick={onClose} sx={{ width: 44, height: 44 }}>
              <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true">
                <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.5" />
              </svg>
            </IconButton>
          </Box>
          <DialogContent dividers sx={{ p: 0, display: 'flex', flexDirection: 'column' }}>
            <Box sx={{ bgcolor: 'common.black', display: 'grid', placeItems: 'center' }}>
              <Box
                component="img"
                src={image.imageUrl}
                alt={`${title}, photo ${position + 1} of ${images.length}`}
                sx={{
                  display: 'block',
                  maxWidth: '100%',
                  maxHeight: { xs: '50vh', md: '60vh' },
                  objectFit: 'contain',
                }}
              />
            </Box>
            <Box sx={{ p: 2, flex: 1 }}>
              <Typography variant="body2" color="text.secondary">
                Photo {position + 1} of {images.length} · entries name it as “#photo {n}”
              </Typography>
              <Box
                sx={{
                  display: 'flex',
                  alignItems: 'center',
                  justifyContent: 'space-between',
                  flexWrap: 'wrap',
                  mt: 1,
                }}
              >
                <Typography variant="h3" component="h3" sx={{ fontSize: '1.05rem' }}>
                  Timeline
                </Typography>
                <FormControlLabel
                  sx={{ mr: 0 }}
                  control={
                    <Switch
                      checked={onlyThisPhoto}
                      onChange={(event) => setOnlyThisPhoto(event.target.checked)}
                    />
                  }
                  label="Only this photo"
                />
              </Box>
              {all === undefined || (onlyThisPhoto && photoEntries.isPending) ? (
                <Box sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
                  <CircularProgress aria-label="Loading entries" size={24} />
                </Box>
              ) : entries.length > 0 ? (
                <Box component="ul" aria-label="Timeline" sx={{ listStyle: 'none', p: 0, m: 0 }}>
                  {entries.map((comment) => (
                    <Entry
                      key={comment.id}
                      comment={comment}
                      images={images}
                      aboutPhoto={about(comment)}
                      onPhotoRef={(other) => onShowPhoto(other.id)}
                    />
                  ))}
                </Box>
              ) : (
                <Typography color="text.secondary" sx={{ py: 1.5 }}>
                  {onlyThisPhoto ? 'No entries about this photo yet.' : 'No entries yet.'}
                </Typography>
              )}
            </Box>
          </DialogContent>
          <Box sx={{ p: 1.5 }}>
            <EntryInput key={image.id} journalId={journalId} photo={{ image, n }} />
          </Box>
        </>
      )}
    </Dialog>
  );
}
