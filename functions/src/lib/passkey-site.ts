// Where passkeys belong: the WebAuthn relying party id (a domain) and the origin an answer must
// come from. Both are configured, never taken from a request (a browser signs the origin it is
// on, and the server must know which one to expect). The origin is APP_ORIGIN; the RP ID is
// PASSKEY_RP_ID, or APP_ORIGIN's host. WebAuthn refuses IP addresses as RP IDs, so under the
// emulators a loopback APP_ORIGIN (http://127.0.0.1:5050) becomes http://localhost:5050.
import { appOrigin } from './app-origin';

export interface PasskeySite {
  rpId: string;
  origin: string;
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);

/** Whether `rpId` may serve `host`: the host itself or a parent domain of it (WebAuthn's rule). */
export function rpIdCovers(rpId: string, host: string): boolean {
  return host === rpId || host.endsWith(`.${rpId}`);
}

export function readPasskeySite(configuredRpId: string | undefined, origin: string): PasskeySite {
  const url = new URL(origin);
  if (!configuredRpId && LOOPBACK_HOSTS.has(url.hostname)) {
    url.hostname = 'localhost';
    return { rpId: 'localhost', origin: url.origin };
  }
  const rpId = configuredRpId?.trim() || url.hostname;
  if (!rpIdCovers(rpId, url.hostname)) {
    throw new Error(`PASSKEY_RP_ID ${rpId} is not ${url.hostname} nor a parent domain of it`);
  }
  return { rpId, origin: url.origin };
}

let site: PasskeySite | undefined;

/** The passkey site, read once per process. */
export function passkeySite(): PasskeySite {
  site ??= readPasskeySite(process.env.PASSKEY_RP_ID, appOrigin());
  return site;
}

/** Whether the admin login asks an admin who has a passkey for it after the password. */
export function adminPasskeyRequired(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.ADMIN_PASSKEY_REQUIRED !== 'false';
}
