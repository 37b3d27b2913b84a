import { useState, type FormEvent } from 'react';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import {
  SUCCESS_TOASTS,
  failureMessage,
  postEntryFailedToast,
  referencedPhotoNumbers,
  type CommentInput,
  type JournalImage,
} from '@moments/shared';
import { toast } from '../../../components/ui/toast';
import { useCreateComment } from '../api/create-comment';

/** The photo an entry is about, and its "#photo N" number. */
interface EntryPhoto {
  image: JournalImage;
  n: number;
}

/**
 * An entry about a photo is posted as "#photo N ..." (so the timeline links it) and tied to the
 * photo by photoId (which stays right when photos are reordered or removed).
 */
function photoEntry(text: string, { image, n }: EntryPhoto): CommentInput {
  const named = referencedPhotoNumbers(text, Number.MAX_SAFE_INTEGER).includes(n);
  return { text: named ? text : `#photo ${n} ${text}`, photoId: image.id };
}

/** The input for a new entry on the moment, or, with `photo`, about that photo. */
export function EntryInput({ journalId, photo }: { journalId: string; photo?: EntryPhoto }) {
  const [text, setText] = useState('');
  const post = useCreateComment(journalId);
  const canSend = text.trim().length > 0;
  const prefix = photo && `#photo ${photo.n}`;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSend || post.isPending) return;
    const trimmed = text.trim();
    post.mutate(photo ? photoEntry(trimmed, photo) : { text: trimmed }, {
      onSuccess: () => {
        setText('');
        toast(SUCCESS_TOASTS.entryAdded);
      },
      onError: (error) => toast(postEntryFailedToast(failureMessage(error))),
    });
  };

  return (
    <Paper
      component="form"
      variant="outlined"
      onSubmit={onSubmit}
      sx={{ display: 'flex', alignItems: 'center', pl: 2, pr: 0.5, py: 0.5, borderRadius: 6 }}
    >
      {prefix && (
        <Typography component="span" aria-hidden="true" sx={{ fontWeight: 600, mr: 1 }}>
          {prefix}
        </Typography>
      )}
      <InputBase
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={prefix ? 'Write about this photo...' : 'Add to this memory...'}
        inputProps={{
          'aria-label': prefix
            ? `Write about this photo (posted as ${prefix})`
            : 'Add to this memory',
        }}
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
