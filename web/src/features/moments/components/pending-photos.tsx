import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { BILLING_MESSAGES, PLUS_PLAN_NAME, SUBSCRIBE_PATH } from '@moments/shared';
import { Link as RouterLink } from 'react-router-dom';
import { FilePickerButton } from '../../../components/ui/file-picker-button';
import { usePendingPhotos, type PendingPhoto, type PendingStatus } from '../api/use-pending-photos';

export { usePendingPhotos };

const STATUS_TEXT: Record<PendingStatus, string> = {
  waiting: 'Ready to upload',
  compressing: 'Preparing…',
  uploading: 'Uploading…',
  done: 'Uploaded',
  failed: 'Upload failed',
};

interface PendingPhotoListProps {
  photos: PendingPhoto[];
  busy: boolean;
  /** Retry is offered once the moment exists. */
  onRetry?: (photo: PendingPhoto) => void;
  onRemove: (key: string) => void;
}

function PendingPhotoList({ photos, busy, onRetry, onRemove }: PendingPhotoListProps) {
  if (photos.length === 0) return null;
  return (
    <Box
      component="ul"
      aria-label="New photos"
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fill, minmax(96px, 1fr))',
        gap: 1,
      }}
    >
      {photos.map((photo, index) => (
        <Box component="li" key={photo.key} sx={{ position: 'relative' }}>
          <Box
            component="img"
            src={photo.previewUrl}
            alt={`New photo ${index + 1}`}
            sx={{
              width: '100%',
              aspectRatio: '1',
              objectFit: 'cover',
              borderRadius: 2,
              display: 'block',
              opacity: photo.status === 'done' ? 1 : 0.85,
            }}
          />
          {(photo.status === 'compressing' || photo.status === 'uploading') && (
            <LinearProgress
              aria-label={`Photo ${index + 1}: ${STATUS_TEXT[photo.status]}`}
              variant={photo.status === 'compressing' ? 'indeterminate' : 'query'}
              sx={{ mt: 0.5 }}
            />
          )}
          <Typography
            variant="caption"
            role="status"
            sx={{
              display: 'block',
              color: photo.status === 'failed' ? 'error.main' : 'text.secondary',
            }}
          >
            {STATUS_TEXT[photo.status]}
          </Typography>
          {photo.status === 'failed' && photo.error && (
            <Typography variant="caption" color="error" sx={{ display: 'block' }}>
              {photo.error}
            </Typography>
          )}
          {photo.status === 'failed' && onRetry && (
            <Button
              size="small"
              variant="outlined"
              onClick={() => onRetry(photo)}
              disabled={busy}
              sx={{ minHeight: 44 }}
            >
              Retry
            </Button>
          )}
          {photo.status !== 'done' && (
            <IconButton
              size="small"
              aria-label={`Remove new photo ${index + 1}`}
              onClick={() => onRemove(photo.key)}
              disabled={busy && photo.status !== 'failed'}
              sx={{
                position: 'absolute',
                top: 2,
                right: 2,
                bgcolor: 'rgba(255,255,255,0.9)',
                '&:hover': { bgcolor: 'common.white' },
                // A 44 px touch target around the small visible button.
                '&::after': { content: '""', position: 'absolute', inset: -9 },
              }}
            >
              <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true">
                <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.5" />
              </svg>
            </IconButton>
          )}
        </Box>
      ))}
    </Box>
  );
}

/** The "Add photos" file input, styled as a button. */
function AddPhotosButton({
  onFiles,
  disabled,
}: {
  onFiles: (files: File[]) => void;
  disabled?: boolean;
}) {
  return (
    <FilePickerButton
      variant="outlined"
      disabled={disabled}
      label="Add photos"
      accept="image/*"
      multiple
      onFiles={onFiles}
    >
      Add photos
    </FilePickerButton>
  );
}

/**
 * "Add photos" and the photos waiting to go up. Retry is offered once the moment exists
 * (`journalId`) and keeps the form busy while it runs.
 */
export function PendingPhotosInput({
  pending,
  journalId,
  busy,
  onBusyChange,
}: {
  pending: ReturnType<typeof usePendingPhotos>;
  journalId: string | null;
  busy: boolean;
  onBusyChange: (busy: boolean) => void;
}) {
  return (
    <>
      <Box>
        <AddPhotosButton onFiles={pending.add} disabled={busy} />
      </Box>
      <PendingPhotoList
        photos={pending.photos}
        busy={busy}
        onRemove={pending.remove}
        onRetry={
          journalId
            ? (photo) => {
                onBusyChange(true);
                void pending.uploadOne(journalId, photo).finally(() => onBusyChange(false));
              }
            : undefined
        }
      />
      {pending.photos.some((photo) => photo.limitReached && photo.status === 'failed') && (
        <Alert
          severity="warning"
          action={
            <Button
              component={RouterLink}
              to={`${SUBSCRIBE_PATH}?flow=account`}
              color="inherit"
              sx={{ minHeight: 44 }}
            >
              Get {PLUS_PLAN_NAME}
            </Button>
          }
        >
          {BILLING_MESSAGES.photoAllowanceReached}
        </Alert>
      )}
    </>
  );
}
