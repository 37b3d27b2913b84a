// The app's own address, the start of every link the server builds (invite links, Stripe's
// return and portal pages, Apple's return address). It is configured, never taken from a
// request: Host, X-Forwarded-Host and Origin are whatever the sender wrote.
/** Under the emulators without APP_ORIGIN: the Hosting emulator's address in firebase.json. */
export const EMULATOR_APP_ORIGIN = 'http://127.0.0.1:5050';

/** Why the function will not start; what to set. */
export const MISSING_APP_ORIGIN =
  'APP_ORIGIN is not set. Set it in functions/.env to the address people open the app at ' +
  '(for example APP_ORIGIN=https://moments.example): invite links, Stripe return links and ' +
  'Sign in with Apple are built from it.';

/**
 * The configured origin: APP_ORIGIN (APP_URL, the name billing used first, is read too), as
 * `scheme://host[:port]`. Throws when it is missing outside the emulators, or not an http(s)
 * address, so a deployment without it fails at start rather than building links from headers.
 */
export function readAppOrigin(env: NodeJS.ProcessEnv, emulated: boolean): string {
  const configured = env.APP_ORIGIN || env.APP_URL;
  if (!configured) {
    if (emulated) return EMULATOR_APP_ORIGIN;
    throw new Error(MISSING_APP_ORIGIN);
  }
  let url: URL;
  try {
    url = new URL(configured);
  } catch {
    throw new Error(`APP_ORIGIN is not an address: ${JSON.stringify(configured)}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new Error(`APP_ORIGIN must start with https:// (it is ${JSON.stringify(configured)})`);
  }
  return url.origin;
}

let origin: string | undefined;

/** The app's origin, read once per process (functions/src/index.ts reads it at start). */
export function appOrigin(): string {
  origin ??= readAppOrigin(process.env, process.env.FUNCTIONS_EMULATOR === 'true');
  return origin;
}
