/**
 * Whether `error` is the person (or the page) closing the passkey prompt: nothing to report.
 * Browsers say NotAllowedError for a cancel and a timeout alike, AbortError for a request the
 * page replaced (a tap on the button while the autofill waits); @simplewebauthn/browser keeps
 * the browser's error as the `cause` of its own.
 */
export function isPasskeyPromptClosed(error: unknown): boolean {
  const name = (error as { name?: string } | null)?.name;
  const cause = (error as { cause?: { name?: string } } | null)?.cause?.name;
  return [name, cause].some((n) => n === 'NotAllowedError' || n === 'AbortError');
}
