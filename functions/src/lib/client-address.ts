// Who is calling, as far as the network can tell: the client's address for rate limits. It comes
// from a header, so this says which part of it a client cannot write. See docs/security.md,
// "Client address". (The app's origin for links is configured: lib/app-origin.ts.)
import { createHash } from 'node:crypto';
import { isIP, isIPv4, isIPv6 } from 'node:net';
import type { Request } from 'express';

/** Longest address text considered (an IPv6 address with a zone fits easily). */
const MAX_ADDRESS_LENGTH = 64;
/** Longest X-Forwarded-For header read; anything longer is cut from the left (client-written). */
const MAX_FORWARDED_LENGTH = 1024;

/**
 * Where the client's address sits in X-Forwarded-For, counted from the right. Google's front
 * end appends `<client address>, <front-end address>` to whatever the request carried, so the
 * client is the second entry from the right and everything left of it is client-written. Set
 * CLIENT_ADDRESS_HOPS when another proxy of yours appends too (docs/security.md says how to
 * check after a deploy).
 */
export function trustedHops(env: NodeJS.ProcessEnv = process.env): number {
  const hops = Number(env.CLIENT_ADDRESS_HOPS ?? 2);
  return Number.isInteger(hops) && hops >= 1 && hops <= 10 ? hops : 2;
}

/**
 * The caller's address: the X-Forwarded-For entry `hops` from the right, when it is an IP
 * address; otherwise the socket's peer (a request that did not come through the front end).
 * Spoofed entries to the left change nothing.
 */
export function clientAddress(
  forwardedFor: string | string[] | undefined,
  socketAddress: string | undefined,
  hops = trustedHops(),
): string {
  const header = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : (forwardedFor ?? ''))
    .slice(-MAX_FORWARDED_LENGTH);
  const entries = header
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const candidate = entries.length >= hops ? entries[entries.length - hops] : undefined;
  if (candidate && candidate.length <= MAX_ADDRESS_LENGTH && isIP(candidate)) return candidate;
  const peer = socketAddress?.slice(0, MAX_ADDRESS_LENGTH);
  return peer && isIP(peer) ? peer : 'unknown';
}

/**
 * The network a per-client limit counts: an IPv4 address itself, an IPv6 address's /64 (one
 * subscriber or host is handed a whole /64, so counting single IPv6 addresses would give each
 * client 2^64 allowances). An IPv4-mapped IPv6 address (`::ffff:a.b.c.d`) is its IPv4 address.
 * Anything else (`unknown`) is returned as it is.
 */
export function clientNetwork(address: string): string {
  if (isIPv4(address)) return address;
  if (!isIPv6(address)) return address;
  const hextets = ipv6Hextets(address);
  const isMappedIPv4 = hextets.slice(0, 5).every((h) => h === 0) && hextets[5] === 0xffff;
  if (isMappedIPv4) {
    const [high = 0, low = 0] = hextets.slice(6);
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
  }
  return `${hextets
    .slice(0, 4)
    .map((h) => h.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (zone dropped; `::`, IPv4 tail expanded). */
function ipv6Hextets(address: string): number[] {
  let text = address.split('%')[0] ?? '';
  const lastColon = text.lastIndexOf(':');
  const tail = text.slice(lastColon + 1);
  if (tail.includes('.')) {
    const [a = 0, b = 0, c = 0, d = 0] = tail.split('.').map(Number);
    text = `${text.slice(0, lastColon + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const groups = (part: string) => (part ? part.split(':').map((h) => parseInt(h, 16)) : []);
  const [head = '', rest] = text.split('::');
  if (rest === undefined) return groups(head);
  const left = groups(head);
  const right = groups(rest);
  return [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/**
 * A bounded, opaque key for the caller's network (rate-limit document ids): the same client
 * always gets the same key, an IPv6 client the same one for its whole /64, and no header can
 * make it long or put odd characters in it.
 */
export function clientKey(req: Request): string {
  return hashKey(
    clientNetwork(clientAddress(req.headers['x-forwarded-for'], req.socket?.remoteAddress)),
  );
}

/** A fixed-length hex digest of `value`, for document ids built from caller-supplied text. */
export function hashKey(value: string): string {
  return createHash('sha256').update(value).digest('hex').slice(0, 32);
}
