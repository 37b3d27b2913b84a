import { useState, type MouseEvent } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  CAROUSEL_DOTS_MAX_PHOTOS,
  CAROUSEL_TAP_ZONE_PERCENT,
  EAGER_IMAGE_COUNT,
  MOBILE_BREAKPOINT_PX,
  type JournalImage,
} from '@moments/shared';
import { photoSources } from '../utils/photo-sources';

interface PhotoCarouselProps {
  images: JournalImage[];
  index: number;
  onIndexChange: (index: number) => void;
  /** The photo a "#photo N" link points at, outlined for 2 s. */
  highlightedId?: string | null;
  title: string;
  /** Opens the photo fullscreen. */
  onOpen: (image: JournalImage) => void;
  /** Opens the Photo Comments dialog of the photo. */
  onOpenComments: (image: JournalImage) => void;
}

function Chevron({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true">
      <path
        d={direction === 'left' ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'}
        stroke="currentColor"
        strokeWidth="2.5"
        fill="none"
      />
    </svg>
  );
}

/**
 * The moment's photos, one at a time, with "N of M". Under 768 px a tap on the outer 20% of
 * either side changes photo and a tap elsewhere opens it fullscreen; wider screens get buttons
 * and open the photo on a click. Buttons open it too, or its comments, for keyboards and screen
 * readers.
 */
export function PhotoCarousel({
  images,
  index,
  onIndexChange,
  highlightedId,
  title,
  onOpen,
  onOpenComments,
}: PhotoCarouselProps) {
  const isMobile = useMediaQuery(`(max-width:${MOBILE_BREAKPOINT_PX - 0.02}px)`);
  const count = images.length;
  // Photos past the first ones are fetched only once the person moves towards them: the
  // furthest photo shown so far and the next one.
  const [furthest, setFurthest] = useState(index);
  if (index > furthest) setFurthest(index);
  const current = images[index];
  if (!current) return null;

  const go = (next: number) => onIndexChange(Math.min(Math.max(next, 0), count - 1));

  const onFrameClick = (event: MouseEvent<HTMLDivElement>) => {
    if (!isMobile) {
      onOpen(current);
      return;
    }
    // The track moves by translateX; the tap zones are measured on the fixed frame around it.
    const frame = event.currentTarget.parentElement ?? event.currentTarget;
    const rect = frame.getBoundingClientRect();
    const percent = ((event.clientX - rect.left) / rect.width) * 100;
    if (percent < CAROUSEL_TAP_ZONE_PERCENT) go(index - 1);
    else if (percent > 100 - CAROUSEL_TAP_ZONE_PERCENT) go(index + 1);
    else onOpen(current);
  };

  const highlighted = highlightedId === current.id;

  return (
    <Box component="section" aria-label="Photos" id="moment-photos" sx={{ scrollMarginTop: 16 }}>
      <Box
        data-testid="carousel-frame"
        data-highlighted={highlighted ? 'true' : undefined}
        sx={{
          position: 'relative',
          overflow: 'hidden',
          borderRadius: 3,
          bgcolor: 'grey.900',
          aspectRatio: '4 / 3',
          outline: highlighted ? '4px solid #F5B700' : '4px solid transparent',
          outlineOffset: 2,
          transition: 'outline-color 200ms',
        }}
      >
        <Box
          onClick={onFrameClick}
          sx={{
            display: 'flex',
            height: '100%',
            transform: `translateX(-${index * 100}%)`,
            transition: 'transform 250ms ease',
            cursor: 'pointer',
          }}
        >
          {images.map((image, i) => (
            <Box
              component="img"
              key={image.id}
              {...(i < EAGER_IMAGE_COUNT || i <= furthest + 1
                ? { ...photoSources(image, 'carousel'), src: image.imageUrl }
                : {})}
              alt={`${title}, photo ${i + 1} of ${count}`}
              aria-hidden={i === index ? undefined : true}
              loading={i < EAGER_IMAGE_COUNT ? 'eager' : 'lazy'}
              fetchPriority={i === 0 ? 'high' : undefined}
              draggable={false}
              style={{ objectPosition: `center ${image.cropPosition}%` }}
              sx={{
                flex: '0 0 100%',
                width: '100%',
                height: '100%',
                objectFit: 'cover',
                userSelect: 'none',
              }}
            />
          ))}
        </Box>
        <Box
          aria-live="polite"
          sx={{
            position: 'absolute',
            top: 8,
            right: 8,
            px: 1,
            py: 0.25,
            borderRadius: 2,
            bgcolor: 'rgba(0,0,0,0.7)',
            color: 'common.white',
            fontSize: '0.8125rem',
            pointerEvents: 'none',
          }}
        >
          {index + 1} of {count}
        </Box>
        <IconButton
          aria-label={`View photo ${index + 1} fullscreen`}
          onClick={() => onOpen(current)}
          sx={{
            position: 'absolute',
            bottom: 8,
            left: 8,
            width: 44,
            height: 44,
            bgcolor: 'rgba(255,255,255,0.85)',
            color: 'text.primary',
            '&:hover': { bgcolor: 'common.white' },
          }}
        >
          <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" fill="none">
            <path
              d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            />
          </svg>
        </IconButton>
        <IconButton
          aria-label={`Open photo ${index + 1} with its comments`}
          onClick={() => onOpenComments(current)}
          sx={{
            position: 'absolute',
            bottom: 8,
            right: 8,
            width: 44,
            height: 44,
            bgcolor: 'rgba(255,255,255,0.85)',
            color: 'text.primary',
            '&:hover': { bgcolor: 'common.white' },
          }}
        >
          <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" fill="none">
            <path
              d="M4 5h16v11H9l-5 4V5z"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinejoin="round"
            />
          </svg>
        </IconButton>
        {!isMobile && count > 1 && (
          <>
            <IconButton
              aria-label="Previous photo"
              onClick={() => go(index - 1)}
              disabled={index === 0}
              sx={navButtonSx('left')}
            >
              <Chevron direction="left" />
            </IconButton>
            <IconButton
              aria-label="Next photo"
              onClick={() => go(index + 1)}
              disabled={index === count - 1}
              sx={navButtonSx('right')}
            >
              <Chevron direction="right" />
            </IconButton>
          </>
        )}
      </Box>
      {count <= CAROUSEL_DOTS_MAX_PHOTOS ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', gap: 0.5, mt: 1 }}>
          {images.map((image, i) => (
            <Box
              component="button"
              type="button"
              key={image.id}
              aria-label={`Show photo ${i + 1}`}
              aria-current={i === index ? 'true' : undefined}
              onClick={() => go(i)}
              sx={{
                width: 24,
                height: 24,
                p: 0,
                border: 0,
                bgcolor: 'transparent',
                cursor: 'pointer',
                display: 'grid',
                placeItems: 'center',
                '&::after': {
                  content: '""',
                  width: 8,
                  height: 8,
                  borderRadius: '50%',
                  bgcolor: i === index ? 'primary.main' : 'grey.500',
                },
              }}
            />
          ))}
        </Box>
      ) : (
        <LinearProgress
          variant="determinate"
          value={((index + 1) / count) * 100}
          aria-label="Photo position"
          sx={{ mt: 1, borderRadius: 1 }}
        />
      )}
    </Box>
  );
}

function navButtonSx(side: 'left' | 'right') {
  return {
    position: 'absolute',
    top: '50%',
    [side]: 8,
    transform: 'translateY(-50%)',
    bgcolor: 'rgba(255,255,255,0.85)',
    color: 'text.primary',
    '&:hover': { bgcolor: 'common.white' },
    '&.Mui-disabled': { bgcolor: 'rgba(255,255,255,0.4)' },
  } as const;
}
