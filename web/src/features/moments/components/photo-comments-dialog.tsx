import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  HttpError,
  MOBILE_BREAKPOINT_PX,
  SUCCESS_TOASTS,
  isAboutPhoto,
  photoRefNumber,
  postEntryFailedToast,
  referencedPhotoNumbers,
  type Comment,
  type JournalImage,
} from '@moments/shared';
import { toast } from '../../../components/ui/toast';
import { useCreateComment } from '../api/create-comment';
import { Entry } from './timeline';

interface PhotoCommentsDialogProps {
  journalId: string;
  title: string;
  /** The moment's photos in display order. */
  images: JournalImage[];
  comments: Comment[] | undefined;
  /** The photo shown; the dialog is closed when null. */
  imageId: string | null;
  /** Another photo chosen from inside the dialog (a "#photo N" link). */
  onShowPhoto: (imageId: string) => void;
  onClose: () => void;
}

/**
 * An entry about the photo, posted as "#photo N ..." (so the timeline links it) and tied to the
 * photo by photoId (which stays right when photos are reordered or removed).
 */
function PhotoEntryInput({
  journalId,
  image,
  n,
}: {
  journalId: string;
  image: JournalImage;
  n: number;
}) {
  const [text, setText] = useState('');
  const post = useCreateComment(journalId);
  const canSend = text.trim().length > 0;
  const prefix = `#photo ${n}`;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSend || post.isPending) return;
    const trimmed = text.trim();
    const named = referencedPhotoNumbers(trimmed, Number.MAX_SAFE_INTEGER).includes(n);
    post.mutate(
      { text: named ? trimmed : `${prefix} ${trimmed}`, photoId: image.id },
      {
        onSuccess: () => {
          setText('');
          toast(SUCCESS_TOASTS.entryAdded);
        },
        onError: (error) =>
          toast(postEntryFailedToast(error instanceof HttpError ? error.serverMessage : undefined)),
      },
    );
  };

  return (
    <Paper
      component="form"
      variant="outlined"
      onSubmit={onSubmit}
      sx={{ display: 'flex', alignItems: 'center', pl: 2, pr: 0.5, py: 0.5, borderRadius: 6 }}
    >
      <Typography component="span" aria-hidden="true" sx={{ fontWeight: 600, mr: 1 }}>
        {prefix}
      </Typography>
      <InputBase
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder="Write about this photo..."
        inputProps={{ 'aria-label': `Write about this photo (posted as ${prefix})` }}
        multiline
        maxRows={4}
        sx={{ flex: 1, py: 0.75 }}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.shiftKey) onSubmit(event);
        }}
      />
      {canSend && (
        <IconButton type="submit" aria-label="Send" color="primary" disabled={post.isPending}>
          {post.isPending ? (
            <CircularProgress size={20} aria-label="Sending" />
          ) : (
            <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
              <path d="M3 20.5l18-8.5L3 3.5v6.6l12.9 1.9L3 13.9z" />
            </svg>
          )}
        </IconButton>
      )}
    </Paper>
  );
}

/**
 * The Photo Comments dialog (SPEC section 2, Moment detail): the selected photo large, the
 * entries about it, and an input for a new one. Escape or Close shut it.
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
  const entries = image ? (comments ?? []).filter((c) => isAboutPhoto(c, image, images)) : [];

  return (
    <Dialog
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
              <Typography variant="h3" component="h3" sx={{ fontSize: '1.05rem', mt: 1.5 }}>
                Entries about this photo
              </Typography>
              {comments === undefined ? (
                <Box sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
                  <CircularProgress aria-label="Loading entries" size={24} />
                </Box>
              ) : entries.length > 0 ? (
                <Box
                  component="ul"
                  aria-label="Entries about this photo"
                  sx={{ listStyle: 'none', p: 0, m: 0 }}
                >
                  {entries.map((comment) => (
                    <Entry
                      key={comment.id}
                      comment={comment}
                      images={images}
                      onPhotoRef={(other) => onShowPhoto(other.id)}
                    />
                  ))}
                </Box>
              ) : (
                <Typography color="text.secondary" sx={{ py: 1.5 }}>
                  No entries about this photo yet.
                </Typography>
              )}
            </Box>
          </DialogContent>
          <Box sx={{ p: 1.5 }}>
            <PhotoEntryInput key={image.id} journalId={journalId} image={image} n={n} />
          </Box>
        </>
      )}
    </Dialog>
  );
}
