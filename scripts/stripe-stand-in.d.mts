// Types of stripe-stand-in.mjs, for the TypeScript tests that use it.
export const TEST_CARDS: { pays: string; declined: string };
export const LOCAL_PRICES: Record<
  'monthly' | 'yearly',
  { id: string; unit_amount: number; currency: string; interval: 'month' | 'year' }
>;
export function parseStripeForm(text: string): Record<string, unknown>;

export interface StripeStandInConfig {
  secretKey: string;
  webhookSecret: string;
  webhookUrl: string;
  prices: typeof LOCAL_PRICES;
}

export function startStripeStandIn(
  config: StripeStandInConfig,
  options?: { port?: number; host?: string; stateFile?: string },
): Promise<{ url: string; close(): Promise<void> }>;

export function startStripeForEmulators(
  options: { webhookUrl: string; stateFile?: string },
  env?: Record<string, string | undefined>,
): Promise<{ close(): Promise<void>; env: Record<string, string> }>;
