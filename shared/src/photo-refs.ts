// "#photo N" in a timeline entry (SPEC sections 2 and 5): a 1-based reference to the N-th photo
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

/** The photo that "#photo n" refers to: the n-th by ascending `seq`, if there is one. */
export function photoForRef<T extends { seq: number }>(
  n: number,
  images: readonly T[],
): T | undefined {
  if (!Number.isInteger(n) || n < 1) return undefined;
  return [...images].sort((a, b) => a.seq - b.seq)[n - 1];
}
