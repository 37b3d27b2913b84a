import { useEffect, useId, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Radio from '@mui/material/Radio';
import Slider from '@mui/material/Slider';
import Typography from '@mui/material/Typography';
import type { JournalImage } from '@moments/shared';
import { moveItem } from '../utils/move-item';

/** Room around a pointer at the top or bottom of the screen that scrolls while dragging. */
const EDGE_SCROLL_PX = 48;
const TOUCH_TARGET_PX = 44;

/**
 * Drag to reorder with pointer events (mouse, touch and pen alike). The row follows the
 * pointer: it takes the place of the rows whose middle the pointer has passed. Listeners sit on
 * the window, added as the drag starts, because React moves the dragged row's element, which
 * would end a pointer capture.
 */
function useDragReorder(onMove: (id: string, to: number) => void) {
  const listRef = useRef<HTMLUListElement>(null);
  const [draggingId, setDraggingId] = useState<string | null>(null);
  const onMoveRef = useRef(onMove);
  const stopRef = useRef<(() => void) | null>(null);
  useEffect(() => {
    onMoveRef.current = onMove;
  }, [onMove]);
  useEffect(() => () => stopRef.current?.(), []);

  const startDrag = (id: string, event: ReactPointerEvent) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    event.preventDefault(); // no text selection or native image drag
    stopRef.current?.();
    const move = (e: PointerEvent) => {
      const rows = Array.from(listRef.current?.children ?? []) as HTMLElement[];
      const to = rows.filter((row) => {
        if (row.dataset.photoId === id) return false;
        const rect = row.getBoundingClientRect();
        return rect.top + rect.height / 2 < e.clientY;
      }).length;
      onMoveRef.current(id, to);
      if (e.clientY < EDGE_SCROLL_PX) window.scrollBy(0, -16);
      else if (e.clientY > window.innerHeight - EDGE_SCROLL_PX) window.scrollBy(0, 16);
    };
    const stop = () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', stop);
      window.removeEventListener('pointercancel', stop);
      stopRef.current = null;
      setDraggingId(null);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', stop);
    window.addEventListener('pointercancel', stop);
    stopRef.current = stop;
    setDraggingId(id);
  };

  return { listRef, draggingId, startDrag };
}

function Icon({ d }: { d: string }) {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">
      <path d={d} stroke="currentColor" strokeWidth="2.4" fill="none" strokeLinecap="round" />
    </svg>
  );
}

const targetSx = { minWidth: TOUCH_TARGET_PX, minHeight: TOUCH_TARGET_PX } as const;

interface PhotoArrangerProps {
  /** The moment's photos in the new display order, with their new crop. */
  photos: JournalImage[];
  coverId: string | null;
  disabled?: boolean;
  /** Receives a function of the current order (drags can move faster than renders). */
  onReorder: (reorder: (photos: JournalImage[]) => JournalImage[]) => void;
  onCoverChange: (imageId: string) => void;
  onCropChange: (imageId: string, cropPosition: number) => void;
  /** Removes the photo for good (after the person confirmed). */
  onRemove: (imageId: string) => Promise<void>;
}

/**
 * The edit page's photos: drag by the handle, or Move up / Move down (for keyboards and screen
 * readers), choose the cover, set the vertical crop with a live preview framed like the home
 * card (3:4), and remove with confirmation.
 */
export function PhotoArranger({
  photos,
  coverId,
  disabled,
  onReorder,
  onCoverChange,
  onCropChange,
  onRemove,
}: PhotoArrangerProps) {
  const [announcement, setAnnouncement] = useState('');
  const [confirming, setConfirming] = useState<JournalImage | null>(null);
  const [removing, setRemoving] = useState(false);
  const [removeError, setRemoveError] = useState<string | null>(null);
  const focusAfterMove = useRef<string | null>(null);
  const removed = useRef(false);
  const baseId = useId();
  const count = photos.length;

  const moveTo = (id: string, to: number) => {
    if (to < 0 || to >= count) return;
    onReorder((list) => {
      const from = list.findIndex((p) => p.id === id);
      return from < 0 || from === to ? list : moveItem(list, from, to);
    });
    if (photos[to]?.id !== id) setAnnouncement(`Photo moved to position ${to + 1} of ${count}.`);
  };
  const { listRef, draggingId, startDrag } = useDragReorder(moveTo);

  // Keeps focus on the Move button that was pressed, which React may have re-created elsewhere.
  useEffect(() => {
    const target = focusAfterMove.current;
    if (!target) return;
    focusAfterMove.current = null;
    const [id, direction] = target.split('|');
    const button = document.getElementById(`${baseId}-${direction}-${id}`) as HTMLButtonElement;
    const other = document.getElementById(
      `${baseId}-${direction === 'up' ? 'down' : 'up'}-${id}`,
    ) as HTMLButtonElement | null;
    (button && !button.disabled ? button : other)?.focus();
  }, [photos, baseId]);

  const moveBy = (id: string, index: number, step: -1 | 1) => {
    focusAfterMove.current = `${id}|${step < 0 ? 'up' : 'down'}`;
    moveTo(id, index + step);
  };

  const confirmRemove = async () => {
    if (!confirming) return;
    setRemoving(true);
    setRemoveError(null);
    try {
      await onRemove(confirming.id);
      removed.current = true;
      setAnnouncement('Photo removed.');
      setConfirming(null);
    } catch {
      setRemoveError('The photo could not be removed. Please try again.');
    } finally {
      setRemoving(false);
    }
  };

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
        on the moment&apos;s card.
      </Typography>
      <Box
        component="ul"
        ref={listRef}
        aria-label="Photos in this moment"
        aria-describedby={`${baseId}-help`}
        tabIndex={-1}
        sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}
      >
        {photos.map((photo, index) => {
          const titleId = `${baseId}-title-${photo.id}`;
          const coverLabelId = `${baseId}-cover-${photo.id}`;
          const cropLabelId = `${baseId}-crop-${photo.id}`;
          const dragging = draggingId === photo.id;
          const isCover = coverId === photo.id;
          return (
            <Box
              component="li"
              key={photo.id}
              data-photo-id={photo.id}
              data-testid="edit-photo"
              sx={{
                border: 1,
                borderColor: isCover ? 'primary.main' : 'divider',
                borderRadius: 3,
                p: 1,
                bgcolor: 'background.paper',
                boxShadow: dragging ? 6 : 0,
                transform: dragging ? 'scale(1.02)' : 'none',
                transition: 'box-shadow 150ms, transform 150ms',
                position: 'relative',
                zIndex: dragging ? 1 : 0,
              }}
            >
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
                <Box
                  aria-hidden="true"
                  data-testid="drag-handle"
                  title="Drag to reorder"
                  onPointerDown={disabled ? undefined : (event) => startDrag(photo.id, event)}
                  sx={{
                    ...targetSx,
                    display: 'grid',
                    placeItems: 'center',
                    alignSelf: 'center',
                    color: 'text.secondary',
                    cursor: disabled ? 'default' : dragging ? 'grabbing' : 'grab',
                    touchAction: 'none',
                    userSelect: 'none',
                    borderRadius: 2,
                    '&:hover': { bgcolor: disabled ? undefined : 'action.hover' },
                  }}
                >
                  <svg width="20" height="20" viewBox="0 0 24 24" fill="currentColor">
                    {[6, 12, 18].flatMap((y) =>
                      [9, 15].map((x) => <circle key={`${x}-${y}`} cx={x} cy={y} r="1.8" />),
                    )}
                  </svg>
                </Box>
                <Box
                  component="img"
                  src={photo.thumbUrl}
                  alt={`Photo ${index + 1}, framed as on the card`}
                  data-testid="crop-preview"
                  draggable={false}
                  sx={{
                    width: 72,
                    aspectRatio: '3 / 4',
                    objectFit: 'cover',
                    objectPosition: `center ${photo.cropPosition}%`,
                    borderRadius: 2,
                    bgcolor: 'grey.300',
                    flexShrink: 0,
                    display: 'block',
                  }}
                />
                <Box sx={{ minWidth: 0, flex: 1 }}>
                  <Typography id={titleId} variant="subtitle2" component="h3">
                    Photo {index + 1}
                  </Typography>
                  <FormControlLabel
                    disabled={disabled}
                    sx={{ ml: -1, mr: 0 }}
                    control={
                      <Radio
                        name={`${baseId}-cover`}
                        checked={isCover}
                        onChange={() => onCoverChange(photo.id)}
                        slotProps={{ input: { 'aria-labelledby': `${coverLabelId} ${titleId}` } }}
                        sx={targetSx}
                      />
                    }
                    label={<span id={coverLabelId}>Cover</span>}
                  />
                  <Box sx={{ display: 'flex', alignItems: 'center' }}>
                    <IconButton
                      id={`${baseId}-up-${photo.id}`}
                      aria-label={`Move photo ${index + 1} up`}
                      disabled={disabled || index === 0}
                      onClick={() => moveBy(photo.id, index, -1)}
                      sx={targetSx}
                    >
                      <Icon d="M6 15l6-6 6 6" />
                    </IconButton>
                    <IconButton
                      id={`${baseId}-down-${photo.id}`}
                      aria-label={`Move photo ${index + 1} down`}
                      disabled={disabled || index === count - 1}
                      onClick={() => moveBy(photo.id, index, 1)}
                      sx={targetSx}
                    >
                      <Icon d="M6 9l6 6 6-6" />
                    </IconButton>
                    <IconButton
                      aria-label={`Remove photo ${index + 1}`}
                      disabled={disabled}
                      onClick={() => {
                        setRemoveError(null);
                        setConfirming(photo);
                      }}
                      sx={{ ...targetSx, ml: 'auto', color: 'error.main' }}
                    >
                      <Icon d="M5 7h14M10 11v6M14 11v6M7 7l1 12h8l1-12M9 7V4h6v3" />
                    </IconButton>
                  </Box>
                </Box>
              </Box>
              <Box sx={{ px: 1, pt: 0.5 }}>
                <Box sx={{ display: 'flex', justifyContent: 'space-between' }}>
                  <Typography id={cropLabelId} variant="caption" color="text.secondary">
                    Vertical crop
                  </Typography>
                  <Typography variant="caption" color="text.secondary" aria-hidden="true">
                    {Math.round(photo.cropPosition)}% from the top
                  </Typography>
                </Box>
                <Slider
                  value={photo.cropPosition}
                  min={0}
                  max={100}
                  step={1}
                  disabled={disabled}
                  onChange={(_event, value) => onCropChange(photo.id, value as number)}
                  getAriaValueText={(value) => `${value}%`}
                  aria-labelledby={`${titleId} ${cropLabelId}`}
                  sx={{
                    // A 44 px tall touch area around a larger thumb.
                    py: '20px',
                    '& .MuiSlider-thumb': { width: 24, height: 24 },
                  }}
                />
              </Box>
            </Box>
          );
        })}
      </Box>
      <Box role="status" aria-live="polite" sx={visuallyHidden}>
        {announcement}
      </Box>
      <Dialog
        open={confirming !== null}
        onClose={removing ? undefined : () => setConfirming(null)}
        aria-labelledby={`${baseId}-remove-title`}
        aria-describedby={`${baseId}-remove-text`}
        slotProps={{
          transition: {
            // The Remove button that opened the dialog is gone: focus the list instead.
            onExited: () => {
              if (removed.current) listRef.current?.focus();
              removed.current = false;
            },
          },
        }}
      >
        <DialogTitle id={`${baseId}-remove-title`}>Remove photo?</DialogTitle>
        <DialogContent>
          {confirming && (
            <Box
              component="img"
              src={confirming.thumbUrl}
              alt="The photo to remove"
              sx={{ width: 96, aspectRatio: '1', objectFit: 'cover', borderRadius: 2, mb: 1.5 }}
            />
          )}
          <DialogContentText id={`${baseId}-remove-text`}>
            This photo will be permanently removed from the moment for everyone. Entries about it
            stay in the timeline.
          </DialogContentText>
          {removeError && (
            <Typography role="alert" color="error" sx={{ mt: 1.5 }}>
              {removeError}
            </Typography>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(null)} disabled={removing}>
            Cancel
          </Button>
          <Button
            onClick={() => void confirmRemove()}
            color="error"
            variant="contained"
            disabled={removing}
          >
            {removing ? 'Removing...' : 'Remove'}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

/** Read by screen readers, not shown (pixel sizes: in `sx`, a width of 1 means 100%). */
const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  p: 0,
  m: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;
