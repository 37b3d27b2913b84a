// "#photo N" in a timeline entry: a 1-based reference to the N-th photo
// of the moment by `seq` (docs/data-model.md, "Photo numbering"). It is a link only when
// 1 <= N <= the photo count; otherwise it stays plain text.

export type PhotoRefSegment =
  { type: 'text'; text: string } | { type: 'photo'; n: number; text: string };

const PHOTO_REF = /#photo (\d+)/g;

/** Splits an entry's text into plain text and photo links, in order; adjacent text is merged. */
export function parsePhotoRefs(text: string, photoCount: number): PhotoRefSegment[] {
  const segments: PhotoRefSegment[] = [];
  const pushText = (part: string) => {
    if (!part) return;
    const last = segments.at(-1);
    if (last?.type === 'text') last.text += part;
    else segments.push({ type: 'text', text: part });
  };

  let end = 0;
  for (const match of text.matchAll(PHOTO_REF)) {
    const n = Number(match[1]);
    if (n < 1 || n > photoCount) continue;
    pushText(text.slice(end, match.index));
    segments.push({ type: 'photo', n, text: match[0] });
    end = match.index + match[0].length;
  }
  pushText(text.slice(end));
  return segments;
}

/** The distinct photo numbers an entry links to, in order of first mention. */
export function referencedPhotoNumbers(text: string, photoCount: number): number[] {
  const numbers = parsePhotoRefs(text, photoCount).flatMap((s) =>
    s.type === 'photo' ? [s.n] : [],
  );
  return [...new Set(numbers)];
}

// Each list of photos sorted by `seq` once, for as long as the list lives: a timeline asks per
// entry and per link, which sorted a 1,000-photo moment's list for every one of them. Lists are
// never changed in place (the app's are query data).
const bySeqCache = new WeakMap<readonly object[], readonly { seq: number }[]>();

function bySeq<T extends { seq: number }>(images: readonly T[]): readonly T[] {
  let sorted = bySeqCache.get(images) as readonly T[] | undefined;
  if (!sorted) {
    sorted = [...images].sort((a, b) => a.seq - b.seq);
    bySeqCache.set(images, sorted);
  }
  return sorted;
}

/** The photo that "#photo n" refers to: the n-th by ascending `seq`, if there is one. */
export function photoForRef<T extends { seq: number }>(
  n: number,
  images: readonly T[],
): T | undefined {
  if (!Number.isInteger(n) || n < 1) return undefined;
  return bySeq(images)[n - 1];
}

/** The N that "#photo N" uses for `image`: its rank by `seq`, 1-based; 0 if it is not there. */
export function photoRefNumber<T extends { id: string; seq: number }>(
  image: Pick<T, 'id'>,
  images: readonly T[],
): number {
  return bySeq(images).findIndex((item) => item.id === image.id) + 1;
}

/**
 * Whether an entry is about `image`: tied to it by `photoId`, or naming it as "#photo N" in its
 * text (the Photo Comments dialog lists these).
 */
export function isAboutPhoto<T extends { id: string; seq: number }>(
  entry: { text: string; photoId: string | null },
  image: Pick<T, 'id'>,
  images: readonly T[],
): boolean {
  if (entry.photoId === image.id) return true;
  const n = photoRefNumber(image, images);
  return n > 0 && referencedPhotoNumbers(entry.text, images.length).includes(n);
}

/**
 * Every number an entry's text names as "#photo N", whatever the photo count (it changes;
 * the text does not). Stored on the entry as `photoRefs`, so the Photo Comments dialog can ask
 * for the entries naming a photo (array-contains its N) without loading the whole timeline.
 */
export function photoRefsIn(text: string): number[] {
  const numbers = [...text.matchAll(PHOTO_REF)].map((match) => Number(match[1]));
  return [...new Set(numbers.filter((n) => Number.isSafeInteger(n) && n >= 1))];
}
