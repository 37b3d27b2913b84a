import type { Env } from './env-schema';

/** The environment, checked when the app was built (./env-schema, vite.config.ts). */
export function readEnv(): Env {
  return __APP_ENV__;
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
