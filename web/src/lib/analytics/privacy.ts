// What analytics may see. Events carry ids and flags, never what people wrote: no entry
// texts, moment titles, names of others, invite tokens or photo URLs. Kept apart from the
// library so that components can mark content without loading it.

/**
 * Class names for elements that show people's content (timeline, titles, the share dialog):
 * autocapture leaves out anything inside them and replay masks their text.
 */
export const ANALYTICS_SENSITIVE_CLASS = 'mp-sensitive mp-mask';

/**
 * For elements whose attributes carry people's content, which masking leaves alone (the text
 * message link's body holds the moment's title and the invite link): replay records an empty
 * box of their size instead (the recorder's default block class).
 */
export const REPLAY_BLOCKED_CLASS = 'mp-block';

/** Global Privacy Control: the person asked sites not to share or sell their data. */
export function globalPrivacyControl(): boolean {
  return (navigator as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl === true;
}

/** Paths whose last segment is an invite token. */
const TOKEN_PATH = /^\/(invite|invite-preview)\/[^/]+\/?$/;

/** A path fit for analytics: ids stay (they name nothing), invite tokens do not. */
export function scrubPath(pathname: string): string {
  return pathname.replace(TOKEN_PATH, '/$1/:token');
}

/**
 * A URL fit for analytics: this site's keep their scrubbed path and lose query and hash (they
 * can hold invite tokens, names or sign-in codes); other sites keep their origin only.
 */
export function scrubUrl(url: string, origin = location.origin): string {
  try {
    const parsed = new URL(url, origin);
    return parsed.origin === origin ? `${origin}${scrubPath(parsed.pathname)}` : parsed.origin;
  } catch {
    return '';
  }
}

/**
 * Query parameters that carry nothing personal; any other keeps a page out of replays. The
 * share dialog's `openShareModal` is one: without it the replay stopped while the dialog was
 * open (and began a new one when it closed), so the dialog's life was never in a replay.
 */
const HARMLESS_QUERY_KEYS = new Set(['signup', 'openShareModal']);

/**
 * Whether a page may be recorded for replay. The recorder sends the page's full address, which
 * on invite pages and sign-in returns holds a token, a code or a name.
 */
export function isRecordablePage(where: { pathname: string; search: string }): boolean {
  if (TOKEN_PATH.test(where.pathname)) return false;
  return [...new URLSearchParams(where.search).keys()].every((key) => HARMLESS_QUERY_KEYS.has(key));
}

/** Properties the library adds that hold an address. */
const URL_PROPERTIES = ['$current_url', '$referrer', '$initial_referrer', '$el_attr__href'];
const PATH_PROPERTIES = ['$pathname', 'current_url_path'];
/** Properties the library may add that hold page text. */
const TEXT_PROPERTIES = ['$el_text', 'current_page_title', 'current_url_search'];

/** Applied to every event just before it is sent. */
export function scrubEventProperties(
  properties: Record<string, unknown>,
  origin = location.origin,
): Record<string, unknown> {
  const scrubbed = { ...properties };
  for (const key of URL_PROPERTIES) {
    const value = scrubbed[key];
    if (typeof value === 'string' && value && value !== '$direct') {
      scrubbed[key] = scrubUrl(value, origin);
    }
  }
  for (const key of PATH_PROPERTIES) {
    const value = scrubbed[key];
    if (typeof value === 'string') scrubbed[key] = scrubPath(value);
  }
  for (const key of TEXT_PROPERTIES) delete scrubbed[key];
  return scrubbed;
}
