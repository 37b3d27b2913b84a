// Types of apple-stand-in.mjs, for the TypeScript tests that start it.
import type { KeyObject } from 'node:crypto';

export const APPLE_ISSUER: string;
export const DEMO_APPLE_ID: string;
export function appleSubFor(appleId: string): string;

export interface AppleStandInConfig {
  clientId: string;
  teamId: string;
  keyId: string;
  publicKey: KeyObject | string;
}

export function startAppleStandIn(
  config: AppleStandInConfig,
  options?: { port?: number; host?: string },
): Promise<{ url: string; close(): Promise<void> }>;

export function startAppleForEmulators(
  env?: Record<string, string | undefined>,
): Promise<{ close(): Promise<void>; env: Record<string, string> }>;

export function approveAtStandIn(
  authorizeUrl: string,
  params: {
    client_id: string;
    redirect_uri: string;
    state?: string;
    apple_id?: string;
    scope?: string;
    fault?: 'foreign-key' | 'wrong-audience' | 'wrong-issuer' | 'expired';
  },
): Promise<URL>;
