// Which push services a subscription may point at. The function POSTs to a subscription's
// endpoint, so an endpoint anywhere else would let a caller make it call any address (SSRF).
import { createHash } from 'node:crypto';

/** The push services of the browsers that support Web Push, by exact host. */
const PUSH_SERVICE_HOSTS = new Set([
  'fcm.googleapis.com', // Chrome, Edge on Android, Samsung Internet, Opera
  'android.googleapis.com', // Chrome's older subscriptions
  'updates.push.services.mozilla.com', // Firefox
  'web.push.apple.com', // Safari, iOS home-screen apps
]);
/** Push services whose hosts vary under one domain (Edge on Windows: wns2-*.notify.windows.com). */
const PUSH_SERVICE_DOMAINS = ['.notify.windows.com', '.push.apple.com'];

/**
 * Whether the function may send to `endpoint`: https on the default port, no credentials, on
 * a known push service; or, under the emulators, on the local push stand-in (`standInOrigin`).
 */
export function isAllowedPushEndpoint(endpoint: string, standInOrigin?: string): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (standInOrigin && url.origin === new URL(standInOrigin).origin) return true;
  if (url.protocol !== 'https:' || url.port !== '') return false;
  const host = url.hostname.toLowerCase();
  return (
    PUSH_SERVICE_HOSTS.has(host) || PUSH_SERVICE_DOMAINS.some((domain) => host.endsWith(domain))
  );
}

/** A device's id: a hash of its endpoint (the endpoint itself is a capability, kept private). */
export function deviceIdOf(endpoint: string): string {
  return createHash('sha256').update(endpoint).digest('base64url');
}
