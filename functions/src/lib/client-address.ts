// Who is calling, as far as the network can tell: the client's address for rate limits. It comes
// from a header, so this says which part of it a client cannot write. See docs/security.md,
// "Client address". (The app's origin for links is configured: lib/app-origin.ts.)
import { createHash } from 'node:crypto';
import { isIP } from 'node:net';
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
 * A bounded, opaque key for the caller's address (rate-limit document ids): the same client
 * always gets the same key, and no header can make it long or put odd characters in it.
 */
export function clientKey(req: Request): string {
  return hashKey(clientAddress(req.headers['x-forwarded-for'], req.socket?.remoteAddress));
}

/** A fixed-length hex digest of `value`, for document ids built from caller-supplied text. */
export function hashKey(value: string): string {
  return createHash('sha256').update(value).digest('hex').slice(0, 32);
}
