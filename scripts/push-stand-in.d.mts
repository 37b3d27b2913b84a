// Types of push-stand-in.mjs, for the TypeScript tests that use it.
import type { ECDH } from 'node:crypto';

export const MAX_PUSH_BYTES: number;

export function checkVapid(
  header: string | undefined,
  context: { origin: string; applicationServerKey?: string; nowS: number },
): [number, string] | null;

export function decryptPush(body: Buffer, keys: { ecdh: ECDH; auth: Buffer }): Buffer;
export function encryptPush(
  plaintext: string | Buffer,
  keys: { receiverKey: Buffer; auth: Buffer },
): Buffer;

export function startPushStandIn(options?: {
  port?: number;
  host?: string;
}): Promise<{ url: string; close(): Promise<void> }>;

export function throwawayVapidKeys(): { publicKey: string; privateKey: string };

export function startPushForEmulators(
  env?: Record<string, string | undefined>,
): Promise<{ close(): Promise<void>; env: Record<string, string> }>;
