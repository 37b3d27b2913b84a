// Names of exported ZIPs and folders that every OS accepts: Windows refuses <>:"/\|?* and
// control characters, names like CON or COM1 (with any extension) and a trailing dot or space;
// many file systems cap a name at 255 bytes; older unzip tools and FAT drives mangle emoji.

/** Characters no file name may hold somewhere, plus # and % (they break links to the file). */
const FORBIDDEN = /[<>:"/\\|?*#%]/g;
/** Control characters (C0 and DEL), which no file name should hold. */
const isControl = (char: string) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f;
/** Emoji and the joiners and selectors that build them. */
const EMOJI =
  /[\p{Extended_Pictographic}\p{Emoji_Modifier}\p{Regional_Indicator}]|\u200d|\ufe0e|\ufe0f|\u20e3/gu;
const WINDOWS_RESERVED = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(\..*)?$/i;
/** Room under 255 bytes for a date, an extension and a " (2)" added by the OS or a dedupe. */
const MAX_NAME_BYTES = 120;

const utf8Length = (text: string) => new TextEncoder().encode(text).length;

/** Cuts `text` to at most `maxBytes` of UTF-8 without splitting a character. */
function cutToBytes(text: string, maxBytes: number): string {
  let out = '';
  for (const char of text) {
    if (utf8Length(out + char) > maxBytes) break;
    out += char;
  }
  return out;
}

/** A file or folder name (no extension) from any text; `fallback` when nothing is left. */
export function safeName(text: string, fallback = 'Moment'): string {
  let name = text
    .normalize('NFC')
    .replace(EMOJI, '')
    .replace(FORBIDDEN, '-')
    .split('')
    .map((char) => (isControl(char) ? '-' : char))
    .join('')
    .replace(/\s+/g, ' ')
    .replace(/-{2,}/g, '-')
    .trim();
  name = cutToBytes(name, MAX_NAME_BYTES)
    .replace(/[. ]+$/, '')
    .replace(/^[. -]+/, '');
  if (!name) name = fallback;
  if (WINDOWS_RESERVED.test(name)) name = `${name}_`;
  return name;
}

/** "2024-05-01" in the exporter's time zone. */
function isoDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A moment's folder or ZIP base name: its title and the day it was started. */
export function momentExportName(title: string, createdAt: string | Date): string {
  const date = new Date(createdAt);
  const day = Number.isNaN(date.getTime()) ? '' : ` ${isoDay(date)}`;
  return `${safeName(title)}${day}`;
}

/** Names made unique by " (2)", " (3)"..., compared as Windows and macOS do (ignoring case). */
export function uniqueNames(names: readonly string[]): string[] {
  const taken = new Set<string>();
  return names.map((name) => {
    let candidate = name;
    for (let n = 2; taken.has(candidate.toLowerCase()); n += 1) candidate = `${name} (${n})`;
    taken.add(candidate.toLowerCase());
    return candidate;
  });
}
