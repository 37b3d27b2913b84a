import type { PointerEvent as ReactPointerEvent } from 'react';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Radio from '@mui/material/Radio';
import Typography from '@mui/material/Typography';
import type { JournalImage } from '@moments/shared';
import { photoSources } from '../../utils/photo-sources';

const TOUCH_TARGET_PX = 44;
const targetSx = { minWidth: TOUCH_TARGET_PX, minHeight: TOUCH_TARGET_PX } as const;

function Icon({ d }: { d: string }) {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true">
      <path d={d} stroke="currentColor" strokeWidth="2.4" fill="none" strokeLinecap="round" />
    </svg>
  );
}

export interface PhotoRowProps {
  photo: JournalImage;
  /** 0-based place in the list. */
  index: number;
  count: number;
  /** Prefix of the row's element ids, unique on the page. */
  baseId: string;
  isCover: boolean;
  dragging: boolean;
  disabled?: boolean;
  moveButtonId: (photoId: string, direction: 'up' | 'down') => string;
  onDragStart: (event: ReactPointerEvent) => void;
  onCover: () => void;
  onMove: (step: -1 | 1) => void;
  onEdit: () => void;
  onRemove: () => void;
}

/** One photo of the edit page: drag handle, framed thumbnail, cover choice and its buttons. */
export function PhotoRow({
  photo,
  index,
  count,
  baseId,
  isCover,
  dragging,
  disabled,
  moveButtonId,
  onDragStart,
  onCover,
  onMove,
  onEdit,
  onRemove,
}: PhotoRowProps) {
  const titleId = `${baseId}-title-${photo.id}`;
  const coverLabelId = `${baseId}-cover-${photo.id}`;
  const n = index + 1;
  return (
    <Box
      component="li"
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
          onPointerDown={disabled ? undefined : onDragStart}
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
          {...photoSources(photo, 'arrangerRow')}
          src={photo.thumbUrl}
          alt={`Photo ${n}, framed as on the card`}
          data-testid="crop-preview"
          draggable={false}
          style={{ objectPosition: `center ${photo.cropPosition}%` }}
          sx={{
            width: 72,
            aspectRatio: '3 / 4',
            objectFit: 'cover',
            borderRadius: 2,
            bgcolor: 'grey.300',
            flexShrink: 0,
            display: 'block',
          }}
        />
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography id={titleId} variant="subtitle2" component="h3">
            Photo {n}
          </Typography>
          <FormControlLabel
            disabled={disabled}
            sx={{ ml: -1, mr: 0 }}
            control={
              <Radio
                name={`${baseId}-cover`}
                checked={isCover}
                onChange={onCover}
                slotProps={{ input: { 'aria-labelledby': `${coverLabelId} ${titleId}` } }}
                sx={targetSx}
              />
            }
            label={<span id={coverLabelId}>Cover</span>}
          />
          <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap' }}>
            <IconButton
              id={moveButtonId(photo.id, 'up')}
              aria-label={`Move photo ${n} up`}
              disabled={disabled || index === 0}
              onClick={() => onMove(-1)}
              sx={targetSx}
            >
              <Icon d="M6 15l6-6 6 6" />
            </IconButton>
            <IconButton
              id={moveButtonId(photo.id, 'down')}
              aria-label={`Move photo ${n} down`}
              disabled={disabled || index === count - 1}
              onClick={() => onMove(1)}
              sx={targetSx}
            >
              <Icon d="M6 9l6 6 6-6" />
            </IconButton>
            <IconButton
              aria-label={`Edit photo ${n}`}
              disabled={disabled}
              onClick={onEdit}
              sx={targetSx}
            >
              <Icon d="M4 20h4L19 9l-4-4L4 16v4zM13.5 6.5l4 4" />
            </IconButton>
            <IconButton
              aria-label={`Remove photo ${n}`}
              disabled={disabled}
              onClick={onRemove}
              sx={{ ...targetSx, ml: 'auto', color: 'error.main' }}
            >
              <Icon d="M5 7h14M10 11v6M14 11v6M7 7l1 12h8l1-12M9 7V4h6v3" />
            </IconButton>
          </Box>
        </Box>
      </Box>
    </Box>
  );
}
