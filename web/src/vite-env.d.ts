/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_FIREBASE_API_KEY?: string;
  readonly VITE_FIREBASE_AUTH_DOMAIN?: string;
  readonly VITE_FIREBASE_PROJECT_ID?: string;
  readonly VITE_FIREBASE_APP_ID?: string;
  /** "true" or "false"; defaults to true for a demo- project. */
  readonly VITE_USE_EMULATORS?: string;
  readonly VITE_APP_CHECK_SITE_KEY?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

/** The app's version, set at build time (vite.config.ts). */
declare const __APP_VERSION__: string;

/** The build's checked environment, set at build time (vite.config.ts, config/env-schema.ts). */
declare const __APP_ENV__: import('./config/env-schema').Env;
