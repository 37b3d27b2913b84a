// The settings a deployed function needs, checked once at start (functions/src/index.ts):
// outside the emulators a missing or malformed one stops the function with a message naming
// it, rather than surfacing later as a broken link, a 503 or a refused sign-in.
// docs/deploy.md lists them with where each comes from. Two kinds:
//   required         APP_ORIGIN, WEB_API_KEY
//   by feature       each service's variables come all together or not at all (Stripe,
//                    Apple); a half-configured service is a mistake, not "off"
import { z } from 'zod';
import { rpIdCovers } from './passkey-site';

type Env = Record<string, string | undefined>;

const text = z.string().trim().min(1);
const httpsOrigin = z
  .url({ protocol: /^https?$/, error: 'must be an address such as https://moments.example' })
  .transform((value) => new URL(value).origin);

/** What each setting is for, in the refusal message. */
export const SETTING_PURPOSES: Record<string, string> = {
  APP_ORIGIN: 'the address people open the app at, e.g. https://moments.example, for links',
  WEB_API_KEY: "the project's Web API key, to send SMS codes through Firebase Auth",
  STRIPE_SECRET_KEY: 'Stripe secret key',
  STRIPE_WEBHOOK_SECRET: "Stripe webhook endpoint's signing secret",
  STRIPE_PRICE_MONTHLY: 'Stripe price id of the monthly plan',
  STRIPE_PRICE_YEARLY: 'Stripe price id of the yearly plan',
  APPLE_CLIENT_ID: 'Sign in with Apple Services ID',
  APPLE_TEAM_ID: 'Apple developer team id',
  APPLE_KEY_ID: 'Sign in with Apple key id',
  APPLE_PRIVATE_KEY: 'Sign in with Apple key (.p8 PEM)',
  PASSKEY_RP_ID:
    "the passkeys' domain (WebAuthn RP ID): APP_ORIGIN's host or a parent domain, never an IP",
  ADMIN_PASSKEY_REQUIRED: 'whether an admin with a passkey must confirm the admin login with it',
  VAPID_PUBLIC_KEY: 'Web Push VAPID public key (base64url, 65 bytes)',
  VAPID_PRIVATE_KEY: 'Web Push VAPID private key (base64url, 32 bytes; a secret)',
  VAPID_SUBJECT: "Web Push contact for push services: mailto: or https: address",
};

/** Services that are on when any of their variables is set, and then need every one. */
export const FEATURE_SETTINGS = {
  Stripe: [
    'STRIPE_SECRET_KEY',
    'STRIPE_WEBHOOK_SECRET',
    'STRIPE_PRICE_MONTHLY',
    'STRIPE_PRICE_YEARLY',
  ],
  'Sign in with Apple': ['APPLE_CLIENT_ID', 'APPLE_TEAM_ID', 'APPLE_KEY_ID', 'APPLE_PRIVATE_KEY'],
  'Web Push': ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY', 'VAPID_SUBJECT'],
} as const;

/** An unpadded base64url key of `bytes` bytes (what web-push's generateVAPIDKeys prints). */
const base64urlKey = (bytes: number) =>
  text.refine((value) => /^[A-Za-z0-9_-]+$/.test(value) && Buffer.from(value, 'base64url').length === bytes, {
    error: `must be the ${bytes}-byte key in base64url (npx web-push generate-vapid-keys)`,
  });

const settingsSchema = z
  .object({
    // APP_URL is the name billing read first; either names the app's origin.
    APP_ORIGIN: httpsOrigin.optional(),
    APP_URL: httpsOrigin.optional(),
    WEB_API_KEY: text,
    STRIPE_SECRET_KEY: text.optional(),
    STRIPE_WEBHOOK_SECRET: text.optional(),
    STRIPE_PRICE_MONTHLY: text.optional(),
    STRIPE_PRICE_YEARLY: text.optional(),
    STRIPE_TRIAL_DAYS: z.coerce.number().int().min(0).max(365).optional(),
    APPLE_CLIENT_ID: text.optional(),
    APPLE_TEAM_ID: text.optional(),
    APPLE_KEY_ID: text.optional(),
    APPLE_PRIVATE_KEY: text.includes('PRIVATE KEY', { error: 'must be the .p8 PEM' }).optional(),
    VAPID_PUBLIC_KEY: base64urlKey(65).optional(),
    VAPID_PRIVATE_KEY: base64urlKey(32).optional(),
    VAPID_SUBJECT: text
      .regex(/^(mailto:|https:\/\/)/, { error: 'must start with mailto: or https://' })
      .optional(),
    ANALYTICS_TOKEN: text.optional(),
    ANALYTICS_API_HOST: httpsOrigin.optional(),
    ANALYTICS_REPLAY_PERCENT: z.coerce.number().min(0).max(100).optional(),
    APP_CHECK_REQUIRED: z.enum(['true', 'false']).optional(),
    CLIENT_ADDRESS_HOPS: z.coerce.number().int().min(1).max(10).optional(),
    PASSKEY_RP_ID: z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^(?=.*[a-z])[a-z0-9-]+(\.[a-z0-9-]+)*$/, { error: 'must be a domain name' })
      .optional(),
    ADMIN_PASSKEY_REQUIRED: z.enum(['true', 'false']).optional(),
  })

/**
 * What the fields alone cannot say: an origin under one of its two names, and each service
 * all or nothing. Runs even when a field is malformed, so one start names every problem.
 */
function crossFieldProblems(env: Env): { name: string; message: string }[] {
  const problems: { name: string; message: string }[] = [];
  if (!env.APP_ORIGIN && !env.APP_URL) problems.push({ name: 'APP_ORIGIN', message: 'is required' });
  const origin = env.APP_ORIGIN ?? env.APP_URL;
  const host = URL.canParse(origin ?? '') ? new URL(origin ?? '').hostname : undefined;
  const rpId = env.PASSKEY_RP_ID?.trim().toLowerCase() || host;
  if (host && rpId && (!rpIdCovers(rpId, host) || /^[\d.]+$|:|^\[/.test(rpId))) {
    problems.push({
      name: 'PASSKEY_RP_ID',
      message: `${rpId} cannot serve passkeys for ${host}`,
    });
  }
  for (const [service, names] of Object.entries(FEATURE_SETTINGS)) {
    const set = names.filter((name) => env[name] !== undefined);
    if (set.length === 0 || set.length === names.length) continue;
    for (const name of names.filter((n) => env[n] === undefined)) {
      problems.push({ name, message: `is required when ${service} is on (${set.join(', ')} set)` });
    }
  }
  return problems;
}

export type ProductionSettings = z.output<typeof settingsSchema>;

/** Which optional services the settings turn on (for the CSP check too). */
export function enabledServices(settings: ProductionSettings) {
  return {
    stripe: Boolean(settings.STRIPE_SECRET_KEY),
    apple: Boolean(settings.APPLE_CLIENT_ID),
    analytics: Boolean(settings.ANALYTICS_TOKEN),
    appCheck: settings.APP_CHECK_REQUIRED === 'true',
  };
}

/** The settings, or every problem as one line each ("APP_ORIGIN: is required (...)"). */
export function parseProductionSettings(
  env: Env,
): { ok: true; settings: ProductionSettings } | { ok: false; problems: string[] } {
  const blankToUndefined = (value: string | undefined) => (value?.trim() ? value : undefined);
  const input = Object.fromEntries(
    Object.keys(settingsSchema.shape).map((key) => [key, blankToUndefined(env[key])]),
  );
  const parsed = settingsSchema.safeParse(input);
  const fieldProblems = (parsed.success ? [] : parsed.error.issues).map((issue) => {
    const name = String(issue.path[0]);
    return { name, message: input[name] === undefined ? 'is required' : issue.message };
  });
  const problems = [...crossFieldProblems(input), ...fieldProblems];
  if (parsed.success && problems.length === 0) return { ok: true, settings: parsed.data };
  return {
    ok: false,
    problems: problems.map(({ name, message }) =>
      SETTING_PURPOSES[name] ? `${name} ${message}: ${SETTING_PURPOSES[name]}` : `${name} ${message}`,
    ),
  };
}

/** At start, outside the emulators: throws one message naming every missing or bad setting. */
export function requireProductionSettings(env: Env = process.env): ProductionSettings {
  const result = parseProductionSettings(env);
  if (result.ok) return result.settings;
  throw new Error(
    `The function will not start: its settings are incomplete (functions/.env.<project>, ` +
      `secrets in Secret Manager; docs/deploy.md).\n  ${result.problems.join('\n  ')}`,
  );
}
