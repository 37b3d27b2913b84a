// How every script and test launches Debian's Chromium through playwright-core (these machines
// download no browser): one executable and one set of flags, so the tests, the icon renderer
// and the bench run the same browser the same way.

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Headless, no sandbox (containers) and none of Chromium's own background traffic. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** The options for `chromium.launch` with the flags above. */
export function chromiumLaunchOptions() {
  return { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS };
}
