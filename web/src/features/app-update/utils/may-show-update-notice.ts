/** Paths where the update notice may interrupt: the signed-in screens only. */
const SIGNED_IN_PATHS = ['/home', '/profile', '/subscribe', '/admin'];
const SIGNED_IN_PREFIXES = ['/journals/', '/moment/'];

/**
 * Never on public, sign-up, invite or onboarding paths; the spec's explicit list (invite,
 * signup, onboarding) is a subset of "not a signed-in screen".
 */
export function mayShowUpdateNotice(pathname: string): boolean {
  return (
    SIGNED_IN_PATHS.includes(pathname) ||
    SIGNED_IN_PREFIXES.some((prefix) => pathname.startsWith(prefix))
  );
}
