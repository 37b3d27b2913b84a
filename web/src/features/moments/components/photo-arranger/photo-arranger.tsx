import { Suspense, lazy, useCallback, useId, useState } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { JournalImage } from '@moments/shared';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import hidden from '../../../../components/ui/visually-hidden.module.css';
import { PhotoRow } from './photo-row';
import { useDragReorder } from './use-drag-reorder';
import { usePhotoOrder } from './use-photo-order';
import { useRemovePhoto } from './use-remove-photo';
import { photoSources } from '../../utils/photo-sources';
import { withUiKitTheme } from '../../../../components/ui/with-ui-kit-theme';

// The editor and its image work load only when a photo is opened for editing.
const PhotoEditor = lazy(withUiKitTheme(() => import('../photo-editor/photo-editor')));

export const REMOVE_PHOTO_DIALOG = {
  title: 'Remove photo?',
  text: 'This photo will be permanently removed from the moment for everyone. Entries about it stay in the timeline.',
  confirm: 'Remove',
  pending: 'Removing...',
} as const;

interface PhotoArrangerProps {
  journalId: string;
  /** The moment's photos in the new display order. */
  photos: JournalImage[];
  coverId: string | null;
  disabled?: boolean;
  /** Receives a function of the current order (drags can move faster than renders). */
  onReorder: (reorder: (photos: JournalImage[]) => JournalImage[]) => void;
  onCoverChange: (imageId: string) => void;
  /** A photo saved by the photo editor (new crop or turn). */
  onPhotoSaved: (image: JournalImage) => void;
  /** A photo removed on the server (after the person confirmed). */
  onRemoved: (imageId: string) => void;
}

/**
 * The edit page's photos: drag by the handle, or Move up / Move down (for keyboards and screen
 * readers), choose the cover, open the fullscreen editor (crop and turn), and remove with
 * confirmation.
 */
export function PhotoArranger({
  journalId,
  photos,
  coverId,
  disabled,
  onReorder,
  onCoverChange,
  onPhotoSaved,
  onRemoved,
}: PhotoArrangerProps) {
  const baseId = useId();
  const moveButtonId = useCallback(
    (photoId: string, direction: 'up' | 'down') => `${baseId}-${direction}-${photoId}`,
    [baseId],
  );
  const order = usePhotoOrder(photos, onReorder, moveButtonId);
  const { listRef, draggingId, startDrag } = useDragReorder(order.moveTo);
  const removal = useRemovePhoto(journalId, (imageId) => {
    order.setAnnouncement('Photo removed.');
    onRemoved(imageId);
  });
  const [editingId, setEditingId] = useState<string | null>(null);
  const editing = photos.find((photo) => photo.id === editingId);
  const count = photos.length;

  return (
    <>
      {count === 0 && (
        <Typography color="text.secondary">This moment has no photos yet.</Typography>
      )}
      <Typography
        variant="body2"
        color="text.secondary"
        id={`${baseId}-help`}
        sx={{ display: count > 0 ? undefined : 'none' }}
      >
        Drag a photo by its handle, or use the arrows, to change the order. The cover is the photo
        on the moment&apos;s card. Edit a photo to turn it or choose how it is framed.
      </Typography>
      <Box
        component="ul"
        ref={listRef}
        aria-label="Photos in this moment"
        aria-describedby={`${baseId}-help`}
        tabIndex={-1}
        sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}
      >
        {photos.map((photo, index) => (
          <PhotoRow
            key={photo.id}
            photo={photo}
            index={index}
            count={count}
            baseId={baseId}
            isCover={coverId === photo.id}
            dragging={draggingId === photo.id}
            disabled={disabled}
            moveButtonId={moveButtonId}
            onDragStart={(event) => startDrag(photo.id, event)}
            onCover={() => onCoverChange(photo.id)}
            onMove={(step) => order.moveBy(photo.id, index, step)}
            onEdit={() => setEditingId(photo.id)}
            onRemove={() => removal.ask(photo)}
          />
        ))}
      </Box>
      <div role="status" aria-live="polite" className={hidden.visuallyHidden}>
        {order.announcement}
      </div>
      <ConfirmDialog
        open={removal.confirming !== null}
        title={REMOVE_PHOTO_DIALOG.title}
        text={REMOVE_PHOTO_DIALOG.text}
        confirmLabel={REMOVE_PHOTO_DIALOG.confirm}
        pendingLabel={REMOVE_PHOTO_DIALOG.pending}
        pending={removal.pending}
        onCancel={removal.cancel}
        onConfirm={removal.confirm}
        // The Remove button that opened the dialog is gone: focus the list instead.
        onExited={() => {
          if (removal.takeRemoved()) listRef.current?.focus();
        }}
      >
        {removal.confirming && (
          <Box
            component="img"
            {...photoSources(removal.confirming, 'removalPreview')}
            src={removal.confirming.thumbUrl}
            alt="The photo to remove"
            sx={{ width: 96, aspectRatio: '1', objectFit: 'cover', borderRadius: 2, mt: 1.5 }}
          />
        )}
        {removal.error && (
          <Typography role="alert" color="error" sx={{ mt: 1.5 }}>
            {removal.error}
          </Typography>
        )}
      </ConfirmDialog>
      {editing && (
        <Suspense fallback={null}>
          <PhotoEditor
            journalId={journalId}
            image={editing}
            label={`Photo ${photos.indexOf(editing) + 1}`}
            onSaved={onPhotoSaved}
            onClose={() => setEditingId(null)}
          />
        </Suspense>
      )}
    </>
  );
}
