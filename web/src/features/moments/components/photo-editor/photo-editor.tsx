import type { KeyboardEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  HttpError,
  MOMENT_ERRORS,
  type ImageEditInput,
  type JournalImage,
  type PhotoRotation,
} from '@moments/shared';
import { useEditPhoto } from '../../api/update-image';
import { UNEDITED, turnClockwise, useEditHistory, type PhotoEdit } from './use-edit-history';
import { useRotatedImage } from './use-rotated-image';
import { LineIcon } from '../../../../components/ui/line-icon';

export interface PhotoEditorProps {
  journalId: string;
  image: JournalImage;
  /** How the page names the photo ("Photo 2"). */
  label: string;
  onSaved: (image: JournalImage) => void;
  onClose: () => void;
}

function Icon({ d }: { d: string }) {
  return (
    <LineIcon d={d} size={22} strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
  );
}

/** A framed preview: the photo as the card (3:4) or the moment's carousel (4:3) will crop it. */
function FramePreview({
  src,
  cropPosition,
  ratio,
  width,
  caption,
  testId,
}: {
  src: string | null;
  cropPosition: number;
  ratio: string;
  width: number;
  caption: string;
  testId: string;
}) {
  return (
    <Box component="figure" sx={{ m: 0, width }}>
      <Box sx={{ aspectRatio: ratio, borderRadius: 2, overflow: 'hidden', bgcolor: 'grey.800' }}>
        {src && (
          <Box
            component="img"
            src={src}
            alt=""
            data-testid={testId}
            data-crop={cropPosition}
            // Inline: the slider moves it continuously, and in `sx` each value would be a new
            // style rule.
            style={{ objectPosition: `center ${cropPosition}%` }}
            sx={{
              width: '100%',
              height: '100%',
              objectFit: 'cover',
              display: 'block',
            }}
          />
        )}
      </Box>
      <Typography component="figcaption" variant="caption" sx={{ color: 'grey.300' }}>
        {caption}
      </Typography>
    </Box>
  );
}

/**
 * The fullscreen photo editor, opened from the moment editor: the vertical crop, with live
 * previews of the card and carousel framing, a quarter turn at a time, Reset to the photo as
 * uploaded, and Undo until Save. Save sends the edit through the API, so every member sees it.
 */
export default function PhotoEditor({
  journalId,
  image,
  label,
  onSaved,
  onClose,
}: PhotoEditorProps) {
  const opened: PhotoEdit = {
    cropPosition: image.cropPosition,
    rotation: image.rotation as PhotoRotation,
  };
  const history = useEditHistory(opened);
  const save = useEditPhoto(journalId);
  const { current } = history;
  // The URLs show the saved turn; the previews add what is not saved yet: the large photo by a
  // CSS turn (at once; a square frame fits it either way), the framed previews drawn turned
  // from the thumbnail, since cropping needs the turned picture itself.
  const turn = (current.rotation - opened.rotation + 360) % 360;
  const previewSrc = useRotatedImage(image.thumbUrl, turn);
  const titleId = `photo-editor-title-${image.id}`;

  const onSave = () => {
    const edit: ImageEditInput = {
      ...(current.cropPosition !== opened.cropPosition
        ? { cropPosition: current.cropPosition }
        : {}),
      ...(current.rotation !== opened.rotation ? { rotation: current.rotation } : {}),
    };
    save.mutate(
      { imageId: image.id, edit },
      {
        onSuccess: (saved) => {
          onSaved(saved);
          onClose();
        },
      },
    );
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'z') {
      event.preventDefault();
      history.undo();
    }
  };

  const saveError = save.isError
    ? (save.error instanceof HttpError && save.error.serverMessage) || MOMENT_ERRORS.savePhoto
    : null;
  const busy = save.isPending;

  return (
    <Dialog
      open
      fullScreen
      onClose={busy ? undefined : onClose}
      onKeyDown={onKeyDown}
      aria-labelledby={titleId}
      slotProps={{ paper: { sx: { bgcolor: 'grey.900', color: 'common.white' } } }}
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          p: 1,
          pt: 'max(8px, env(safe-area-inset-top))',
          borderBottom: 1,
          borderColor: 'grey.800',
        }}
      >
        <IconButton aria-label="Close" onClick={onClose} disabled={busy} sx={{ color: 'inherit' }}>
          <Icon d="M6 6l12 12M18 6L6 18" />
        </IconButton>
        <Typography id={titleId} component="h2" variant="h6" sx={{ flex: 1, fontSize: '1.1rem' }}>
          Edit {label.toLowerCase()}
        </Typography>
        <Button
          onClick={history.undo}
          disabled={!history.canUndo || busy}
          sx={{ color: 'common.white', '&.Mui-disabled': { color: 'grey.500' } }}
        >
          Undo
        </Button>
        <Button
          variant="contained"
          onClick={onSave}
          disabled={!history.changed || busy}
          loading={busy}
          sx={{
            bgcolor: '#F4F1EA',
            color: 'primary.main',
            '&.Mui-disabled': { bgcolor: 'grey.700', color: 'grey.400' },
          }}
        >
          Save
        </Button>
      </Box>
      <Stack
        spacing={2}
        sx={{ p: 2, overflowY: 'auto', flex: 1, maxWidth: 720, width: '100%', mx: 'auto' }}
      >
        <Box
          sx={{
            height: { xs: '38vh', sm: '45vh' },
            aspectRatio: '1',
            maxWidth: '100%',
            mx: 'auto',
            bgcolor: 'common.black',
            borderRadius: 2,
            overflow: 'hidden',
          }}
        >
          <Box
            component="img"
            src={image.imageUrl}
            alt={`${label}, as it will be saved`}
            data-testid="editor-photo"
            data-rotation={current.rotation}
            sx={{
              width: '100%',
              height: '100%',
              objectFit: 'contain',
              display: 'block',
              transform: `rotate(${turn}deg)`,
              transition: 'transform 200ms ease-out',
            }}
          />
        </Box>
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-end', justifyContent: 'center' }}>
          <FramePreview
            src={previewSrc}
            cropPosition={current.cropPosition}
            ratio="3 / 4"
            width={96}
            caption="On the card"
            testId="card-preview"
          />
          <FramePreview
            src={previewSrc}
            cropPosition={current.cropPosition}
            ratio="4 / 3"
            width={168}
            caption="In the moment"
            testId="carousel-preview"
          />
        </Box>
        <Box>
          <Box sx={{ display: 'flex', justifyContent: 'space-between' }}>
            <Typography id={`${titleId}-crop`} variant="body2">
              Vertical crop
            </Typography>
            <Typography variant="body2" aria-hidden="true" sx={{ color: 'grey.300' }}>
              {Math.round(current.cropPosition)}% from the top
            </Typography>
          </Box>
          <Slider
            value={current.cropPosition}
            min={0}
            max={100}
            step={1}
            disabled={busy}
            onChange={(_event, value) =>
              history.preview({ ...current, cropPosition: value as number })
            }
            onChangeCommitted={(_event, value) =>
              history.commit({ ...current, cropPosition: value as number })
            }
            getAriaValueText={(value) => `${value}% from the top`}
            aria-labelledby={`${titleId}-crop`}
            sx={{
              color: '#F4F1EA',
              // A 44 px tall touch area around a larger thumb.
              py: '20px',
              '& .MuiSlider-thumb': { width: 28, height: 28 },
            }}
          />
        </Box>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button
            variant="outlined"
            onClick={() =>
              history.commit({ ...current, rotation: turnClockwise(current.rotation) })
            }
            disabled={busy}
            startIcon={<Icon d="M20 12a8 8 0 1 1-3-6.2M20 4v5h-5" />}
            sx={{ color: 'common.white', borderColor: 'grey.500' }}
          >
            Rotate right
          </Button>
          <Button
            variant="outlined"
            onClick={() => history.commit(UNEDITED)}
            disabled={busy}
            sx={{ color: 'common.white', borderColor: 'grey.500' }}
          >
            Reset
          </Button>
        </Box>
        <Typography variant="body2" sx={{ color: 'grey.300' }}>
          Changes show here first. Save applies them for everyone in this moment; until then Undo
          takes them back one by one.
        </Typography>
        {saveError && <Alert severity="error">{saveError}</Alert>}
      </Stack>
    </Dialog>
  );
}
