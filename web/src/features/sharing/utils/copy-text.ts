// Copying the invite link: the Clipboard API where the browser allows it (a secure context,
// a user gesture), else the older selection + execCommand('copy'), which some in-app browsers
// still need.

export interface CopyDeps {
  clipboard?: Pick<Clipboard, 'writeText'>;
  legacyCopy: (text: string) => boolean;
}

/** The pre-Clipboard-API way: copy the text of a temporary, selected, off-screen textarea. */
export function legacyCopy(text: string): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

function browserDeps(): CopyDeps {
  return {
    clipboard: typeof navigator !== 'undefined' ? navigator.clipboard : undefined,
    legacyCopy,
  };
}

/** Answers whether the text reached the clipboard. */
export async function copyText(text: string, deps: CopyDeps = browserDeps()): Promise<boolean> {
  if (deps.clipboard) {
    try {
      await deps.clipboard.writeText(text);
      return true;
    } catch {
      // Refused (no permission, not focused): try the older way.
    }
  }
  return deps.legacyCopy(text);
}
