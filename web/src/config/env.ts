import { z } from 'zod';

// Parsed once at start so a misconfigured build fails loudly instead of half-working.
const boolString = z.enum(['true', 'false']).transform((value) => value === 'true');

const schema = z
  .object({
    VITE_FIREBASE_API_KEY: z.string().min(1).optional(),
    VITE_FIREBASE_AUTH_DOMAIN: z.string().min(1).optional(),
    VITE_FIREBASE_PROJECT_ID: z.string().min(1).default('demo-moments'),
    VITE_FIREBASE_APP_ID: z.string().min(1).optional(),
    VITE_USE_EMULATORS: boolString.optional(),
    /** reCAPTCHA Enterprise site key: code requests then carry an App Check token. */
    VITE_APP_CHECK_SITE_KEY: z.string().min(1).optional(),
  })
  .transform((raw, ctx) => {
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

function emptyToUndefined(value: unknown): unknown {
  return value === '' ? undefined : value;
}

const parsed = schema.safeParse({
  VITE_FIREBASE_API_KEY: emptyToUndefined(import.meta.env.VITE_FIREBASE_API_KEY),
  VITE_FIREBASE_AUTH_DOMAIN: emptyToUndefined(import.meta.env.VITE_FIREBASE_AUTH_DOMAIN),
  VITE_FIREBASE_PROJECT_ID: emptyToUndefined(import.meta.env.VITE_FIREBASE_PROJECT_ID),
  VITE_FIREBASE_APP_ID: emptyToUndefined(import.meta.env.VITE_FIREBASE_APP_ID),
  VITE_USE_EMULATORS: emptyToUndefined(import.meta.env.VITE_USE_EMULATORS),
  VITE_APP_CHECK_SITE_KEY: emptyToUndefined(import.meta.env.VITE_APP_CHECK_SITE_KEY),
});

export type Env = z.output<typeof schema>;

/**
 * The validated environment. main.tsx calls this before mounting, so a bad build shows the
 * plain start-up error instead of failing later at sign-in.
 */
export function readEnv(): Env {
  if (!parsed.success) {
    throw new Error(`Invalid environment:\n${z.prettifyError(parsed.error)}`);
  }
  return parsed.data;
}

/** Emulator addresses follow the page's host, so a phone on the LAN reaches them too. */
export function emulatorHosts(hostname: string = location.hostname) {
  // Ports follow firebase.json; a build for a second emulator suite can override them.
  const authPort = Number(import.meta.env.VITE_AUTH_EMULATOR_PORT || 9099);
  const firestorePort = Number(import.meta.env.VITE_FIRESTORE_EMULATOR_PORT || 8080);
  return {
    authUrl: `http://${hostname}:${authPort}`,
    firestore: { host: hostname, port: firestorePort },
  };
}
