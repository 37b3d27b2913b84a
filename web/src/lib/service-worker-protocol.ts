// The service worker's protocol: what the pages and the service worker (src/sw.ts) say to each
// other, and the names of the photo caches. (The live-data worker's messages are in
// live-worker-client.ts.)
// Plain code: imported by both sides.
import { PHOTO_SIZES, PHOTO_SIZE_NAMES, photoSizeUrl } from '@moments/shared';

/** Messages a page sends to the worker. */
export type WorkerMessage =
  /** Answered over the message's port with `{version}`. */
  | { type: 'GET_VERSION' }
  /** "Update Now": the waiting worker takes over. */
  | { type: 'SKIP_WAITING' }
  /** Whose photos to cache (null at logout: every photo cache is deleted). */
  | { type: 'CACHE_OWNER'; uid: string | null }
  /** The moments the person may see: photos of any other moment are removed. */
  | { type: 'KEEP_MOMENTS'; journalIds: string[] }
  /** The person lost access to this moment: its photos are removed. */
  | { type: 'PURGE_MOMENT'; journalId: string };

/** What the worker posts to every window when a new version is installed and waiting. */
export interface UpdateAvailableMessage {
  type: 'UPDATE_AVAILABLE';
  version: string;
}

export interface VersionReply {
  version: string;
}

export const PHOTO_CACHE_PREFIX = 'photos-';
export const photoCacheName = (uid: string) => `${PHOTO_CACHE_PREFIX}${uid}`;

/**
 * The size bound of a person's photo cache, in files (each photo in the sizes the pages asked
 * for, WebP: from about 10 KB at 200 px to 300 KB at 1600 px). Least recently used go first.
 */
export const PHOTO_CACHE_MAX_ENTRIES = 600;

const PHOTO_VARIANT = new RegExp(
  `^/api/journals/([^/]+)/images/[^/]+/(${PHOTO_SIZE_NAMES.join('|')})$`,
);
const PROFILE_PICTURE = /^\/api\/users\/[^/]+\/picture\/[^/]+$/;

/** Photo bytes and profile pictures: the /api paths the worker caches. */
export function isPhotoPath(pathname: string): boolean {
  return PHOTO_VARIANT.test(pathname) || PROFILE_PICTURE.test(pathname);
}

/** The moment a cached photo belongs to (undefined for profile pictures). */
export function journalOfPhotoPath(pathname: string): string | undefined {
  const match = PHOTO_VARIANT.exec(pathname);
  return match?.[1] ? decodeURIComponent(match[1]) : undefined;
}

/**
 * The same photo (and turn) in its other sizes, the nearest larger first, then the nearest
 * smaller: offline, the worker answers with one of these when the size asked for was never
 * fetched (the page's layout or the screen changed since).
 */
export function otherSizeUrls(url: string): string[] {
  const { pathname } = new URL(url);
  const asked = PHOTO_VARIANT.exec(pathname)?.[2] as keyof typeof PHOTO_SIZES | undefined;
  if (!asked) return [];
  const edge = PHOTO_SIZES[asked];
  const larger = PHOTO_SIZE_NAMES.filter((size) => PHOTO_SIZES[size] > edge);
  const smaller = PHOTO_SIZE_NAMES.filter((size) => PHOTO_SIZES[size] < edge).reverse();
  return [...larger, ...smaller].map((size) => photoSizeUrl(url, size));
}
