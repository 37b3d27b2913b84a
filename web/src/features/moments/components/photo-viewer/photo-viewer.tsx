import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import type { JournalImage } from '@moments/shared';
import hidden from '../../../../components/ui/visually-hidden.module.css';
import { photoSources } from '../../utils/photo-sources';
import { useViewerGestures } from './use-viewer-gestures';
import { LineIcon } from '../../../../components/ui/line-icon';

export interface PhotoViewerProps {
  images: JournalImage[];
  /** The photo shown first (display order). */
  startIndex: number;
  title: string;
  /** Closes the viewer; `index` is the photo shown last, for the carousel to stay on. */
  onClose: (index: number) => void;
  /** Opens the Photo Comments dialog for the photo shown. */
  onComments: (image: JournalImage) => void;
}

function Icon({ d }: { d: string }) {
  return (
    <LineIcon d={d} size={24} strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
  );
}

const controlSx = {
  width: 48,
  height: 48,
  color: 'common.white',
  bgcolor: 'rgba(0,0,0,0.55)',
  '&:hover': { bgcolor: 'rgba(0,0,0,0.75)' },
  '&.Mui-disabled': { color: 'rgba(255,255,255,0.45)', bgcolor: 'rgba(0,0,0,0.35)' },
} as const;

/**
 * The fullscreen photo viewer: swipe or the arrow keys between photos, pinch or double-tap to
 * zoom, swipe down, Escape or Close to leave. The thumbnail (already in the browser's cache)
 * holds the place until the display-size image has loaded. Focus stays inside while it is open
 * and returns to what opened it.
 */
export default function PhotoViewer({
  images,
  startIndex,
  title,
  onClose,
  onComments,
}: PhotoViewerProps) {
  const count = images.length;
  const [index, setIndex] = useState(() => Math.min(Math.max(startIndex, 0), count - 1));
  const [loadedUrl, setLoadedUrl] = useState<string | null>(null);
  const stageRef = useRef<HTMLDivElement>(null);
  const image = images[index];
  const close = () => onClose(index);
  const go = (next: number) => {
    if (next < 0 || next >= count || next === index) return;
    setIndex(next);
    gestures.reset();
  };
  const gestures = useViewerGestures({
    onPrevious: () => go(index - 1),
    onNext: () => go(index + 1),
    onClose: close,
  });

  // The neighbours start loading now, so a swipe shows them sharp at once.
  useEffect(() => {
    for (const neighbour of [images[index - 1], images[index + 1]]) {
      if (neighbour) new Image().src = neighbour.imageUrl;
    }
  }, [images, index]);

  if (!image) return null;
  const loaded = loadedUrl === image.imageUrl;
  const stageSize = () => {
    const rect = stageRef.current?.getBoundingClientRect();
    return { width: rect?.width ?? 0, height: rect?.height ?? 0 };
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') go(index - 1);
    else if (event.key === 'ArrowRight') go(index + 1);
    else if (event.key === '+' || event.key === '=') gestures.zoomBy(1.5, stageSize());
    else if (event.key === '-') gestures.zoomBy(1 / 1.5, stageSize());
    else return;
    event.preventDefault();
  };

  const { view, drag } = gestures;
  const fade = drag.y > 0 ? Math.max(0.3, 1 - drag.y / 400) : 1;
  const photoSx = {
    position: 'absolute',
    inset: 0,
    width: '100%',
    height: '100%',
    objectFit: 'contain',
    userSelect: 'none',
    pointerEvents: 'none',
  } as const;

  return (
    <Dialog
      open
      fullScreen
      onClose={close}
      onKeyDown={onKeyDown}
      aria-labelledby="photo-viewer-title"
      slotProps={{ paper: { sx: { bgcolor: `rgba(0,0,0,${fade})`, color: 'common.white' } } }}
    >
      <h2 id="photo-viewer-title" className={hidden.visuallyHidden}>
        Photos of {title}
      </h2>
      <Box
        ref={stageRef}
        data-testid="photo-viewer-stage"
        data-scale={view.scale}
        {...gestures.handlers}
        sx={{ position: 'absolute', inset: 0, overflow: 'hidden', touchAction: 'none' }}
      >
        <Box
          data-testid="photo-viewer-photo"
          sx={{
            position: 'absolute',
            inset: 0,
            transform: `translate(${view.x + drag.x}px, ${view.y + drag.y}px) scale(${view.scale})`,
            transition: drag.x || drag.y ? 'none' : 'transform 200ms ease-out',
          }}
        >
          {/* Until the full size (for zooming) arrives, the size the carousel shows: usually
              already in the browser's cache, so something shows at once. */}
          {!loaded && (
            <Box
              component="img"
              {...photoSources(image, 'carousel')}
              src={image.thumbUrl}
              alt=""
              aria-hidden="true"
              sx={photoSx}
            />
          )}
          <Box
            component="img"
            key={image.id}
            src={image.imageUrl}
            alt={`${title}, photo ${index + 1} of ${count}`}
            data-loaded={loaded ? 'true' : undefined}
            onLoad={() => setLoadedUrl(image.imageUrl)}
            draggable={false}
            sx={{ ...photoSx, opacity: loaded ? 1 : 0, transition: 'opacity 150ms' }}
          />
        </Box>
      </Box>
      <Box
        sx={{
          position: 'absolute',
          top: 0,
          left: 0,
          right: 0,
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          p: 1,
          pt: 'max(8px, env(safe-area-inset-top))',
          background: 'linear-gradient(to bottom, rgba(0,0,0,0.6), rgba(0,0,0,0))',
        }}
      >
        <IconButton aria-label="Close" onClick={close} sx={controlSx} autoFocus>
          <Icon d="M6 6l12 12M18 6L6 18" />
        </IconButton>
        <Box aria-live="polite" sx={{ flex: 1, textAlign: 'center', fontWeight: 600 }}>
          {index + 1} of {count}
        </Box>
        <IconButton
          aria-label="Comments on this photo"
          onClick={() => onComments(image)}
          sx={controlSx}
        >
          <Icon d="M4 5h16v11H9l-5 4V5z" />
        </IconButton>
      </Box>
      {count > 1 && (
        <>
          <IconButton
            aria-label="Previous photo"
            onClick={() => go(index - 1)}
            disabled={index === 0}
            sx={{
              ...controlSx,
              position: 'absolute',
              left: 8,
              top: '50%',
              transform: 'translateY(-50%)',
            }}
          >
            <Icon d="M15 5l-7 7 7 7" />
          </IconButton>
          <IconButton
            aria-label="Next photo"
            onClick={() => go(index + 1)}
            disabled={index === count - 1}
            sx={{
              ...controlSx,
              position: 'absolute',
              right: 8,
              top: '50%',
              transform: 'translateY(-50%)',
            }}
          >
            <Icon d="M9 5l7 7-7 7" />
          </IconButton>
        </>
      )}
    </Dialog>
  );
}
