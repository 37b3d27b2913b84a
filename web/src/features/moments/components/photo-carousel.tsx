import { useState, type MouseEvent } from 'react';
import {
  CAROUSEL_DOTS_MAX_PHOTOS,
  CAROUSEL_TAP_ZONE_PERCENT,
  EAGER_IMAGE_COUNT,
  MOBILE_BREAKPOINT_PX,
  type JournalImage,
} from '@moments/shared';
import { carouselPhotoAlt, photoSources } from '../utils/photo-sources';
import styles from './photo-carousel.module.css';
import { LineIcon } from '../../../components/ui/line-icon';

interface PhotoCarouselProps {
  /** The photos held, in display order: all of them, or a big moment's first ones. */
  images: JournalImage[];
  /** How many photos the moment holds (the "N of M"). */
  count?: number;
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
  count = images.length,
  index,
  onIndexChange,
  highlightedId,
  title,
  onOpen,
  onOpenComments,
}: PhotoCarouselProps) {
  // Photos past the first ones are fetched only once the person comes near them: each photo
  // shown so far and its neighbours (a "#photo 900" link fetches 899 to 901, not all 900).
  const [shown, setShown] = useState<ReadonlySet<number>>(() => new Set([index]));
  if (!shown.has(index)) setShown(new Set(shown).add(index));
  const near = (i: number) => shown.has(i) || shown.has(i - 1) || shown.has(i + 1);
  const current = images[index];
  if (!current) return null;

  // Past the dots' count, the photos not fetched are not rendered either: the next one rendered
  // keeps their place by its margin, so a moment of 1,000 photos renders a few elements.
  const slides = images.flatMap((image, i) =>
    i < EAGER_IMAGE_COUNT || near(i) || count <= CAROUSEL_DOTS_MAX_PHOTOS ? [{ image, i }] : [],
  );

  const go = (next: number) => onIndexChange(Math.min(Math.max(next, 0), count - 1));

  const onFrameClick = (event: MouseEvent<HTMLDivElement>) => {
    // Read at the tap: the previous and next buttons show by a media query of the style sheet
    // (the same width), so nothing renders again when the screen turns.
    if (!window.matchMedia(`(max-width:${MOBILE_BREAKPOINT_PX - 0.02}px)`).matches) {
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

  return (
    <section aria-label="Photos" id="moment-photos" className={styles.carousel}>
      <div
        data-testid="carousel-frame"
        data-highlighted={highlightedId === current.id ? 'true' : undefined}
        className={styles.frame}
      >
        <div
          onClick={onFrameClick}
          className={styles.track}
          style={{ transform: `translateX(-${index * 100}%)` }}
        >
          {slides.map(({ image, i }, k) => {
            const fetched = i < EAGER_IMAGE_COUNT || near(i);
            const skipped = i - (slides[k - 1]?.i ?? -1) - 1;
            return (
              <img
                key={image.id}
                {...(fetched ? { ...photoSources(image, 'carousel'), src: image.imageUrl } : {})}
                alt={carouselPhotoAlt(title, i, count)}
                aria-hidden={i === index ? undefined : true}
                loading={i < EAGER_IMAGE_COUNT ? 'eager' : 'lazy'}
                fetchPriority={i === 0 ? 'high' : undefined}
                draggable={false}
                className={styles.photo}
                style={{
                  objectPosition: `center ${image.cropPosition}%`,
                  marginLeft: skipped > 0 ? `${skipped * 100}%` : undefined,
                }}
              />
            );
          })}
        </div>
        <div aria-live="polite" className={styles.position}>
          {index + 1} of {count}
        </div>
        <button
          type="button"
          aria-label={`View photo ${index + 1} fullscreen`}
          onClick={() => onOpen(current)}
          className={`${styles.button} ${styles.fullscreen}`}
        >
          <LineIcon
            d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5"
            size={22}
            strokeWidth="2"
            strokeLinecap="round"
          />
        </button>
        <button
          type="button"
          aria-label={`Open photo ${index + 1} with its comments`}
          onClick={() => onOpenComments(current)}
          className={`${styles.button} ${styles.comments}`}
        >
          <LineIcon d="M4 5h16v11H9l-5 4V5z" size={22} strokeWidth="2" strokeLinejoin="round" />
        </button>
        {count > 1 && (
          <>
            <button
              type="button"
              aria-label="Previous photo"
              onClick={() => go(index - 1)}
              disabled={index === 0}
              className={`${styles.button} ${styles.previous}`}
            >
              <Chevron direction="left" />
            </button>
            <button
              type="button"
              aria-label="Next photo"
              onClick={() => go(index + 1)}
              disabled={index === count - 1}
              className={`${styles.button} ${styles.next}`}
            >
              <Chevron direction="right" />
            </button>
          </>
        )}
      </div>
      {count <= CAROUSEL_DOTS_MAX_PHOTOS ? (
        <div className={styles.dots}>
          {images.map((image, i) => (
            <button
              type="button"
              key={image.id}
              aria-label={`Show photo ${i + 1}`}
              aria-current={i === index ? 'true' : undefined}
              onClick={() => go(i)}
              className={styles.dot}
            />
          ))}
        </div>
      ) : (
        <div
          role="progressbar"
          aria-label="Photo position"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(((index + 1) / count) * 100)}
          className={styles.progress}
        >
          <div
            className={styles.progressBar}
            style={{ transform: `scaleX(${(index + 1) / count})` }}
          />
        </div>
      )}
    </section>
  );
}
