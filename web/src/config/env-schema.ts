// The build's environment (VITE_* variables), checked when the app is built (vite.config.ts):
// a misconfigured build fails there, loudly, and the page itself carries no validation code.
import { z } from 'zod';

const boolString = z.enum(['true', 'false']).transform((value) => value === 'true');

const variables = z.object({
  VITE_FIREBASE_API_KEY: z.string().min(1).optional(),
  VITE_FIREBASE_AUTH_DOMAIN: z.string().min(1).optional(),
  VITE_FIREBASE_PROJECT_ID: z.string().min(1).default('demo-moments'),
  VITE_FIREBASE_APP_ID: z.string().min(1).optional(),
  VITE_USE_EMULATORS: boolString.optional(),
  /** reCAPTCHA Enterprise site key: code requests then carry an App Check token. */
  VITE_APP_CHECK_SITE_KEY: z.string().min(1).optional(),
});

const schema = variables.transform((raw, ctx) => {
  const projectId = raw.VITE_FIREBASE_PROJECT_ID;
  const isDemo = projectId.startsWith('demo-');
  const useEmulators = raw.VITE_USE_EMULATORS ?? isDemo;
  // A demo project only ever talks to the emulators, which accept any key.
  if (!isDemo) {
    for (const key of ['VITE_FIREBASE_API_KEY', 'VITE_FIREBASE_APP_ID'] as const) {
      if (!raw[key]) {
        ctx.addIssue({ code: 'custom', path: [key], message: `${key} is required` });
      }
    }
  }
  return {
    firebase: {
      apiKey: raw.VITE_FIREBASE_API_KEY ?? 'demo-api-key',
      authDomain: raw.VITE_FIREBASE_AUTH_DOMAIN ?? `${projectId}.firebaseapp.com`,
      projectId,
      appId: raw.VITE_FIREBASE_APP_ID ?? `1:000000000000:web:${projectId}`,
    },
    useEmulators,
    // The emulators have no App Check service: never under them.
    appCheckSiteKey: useEmulators ? undefined : raw.VITE_APP_CHECK_SITE_KEY,
  };
});

export type Env = z.output<typeof schema>;

/** The checked environment, from VITE_* variables as Vite loads them; throws what is wrong. */
export function parseEnv(vars: Record<string, string | undefined>): Env {
  const emptyToUndefined = (value: string | undefined) => (value === '' ? undefined : value);
  const parsed = schema.safeParse(
    Object.fromEntries(
      Object.keys(variables.shape).map((key) => [key, emptyToUndefined(vars[key])]),
    ),
  );
  if (!parsed.success) {
    throw new Error(`Invalid environment:\n${z.prettifyError(parsed.error)}`);
  }
  return parsed.data;
}
