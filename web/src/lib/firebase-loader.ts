// Loads lib/firebase in the page on first use: signing in, logging out, an App Check token.
// Until then no Firebase code is downloaded, which keeps the sign-in screen light. (The live
// listeners' Firebase runs in the live-data worker, src/live-worker.ts.)
import { setIdTokenSource } from './api-client';

type FirebaseModule = typeof import('./firebase');

let loading: Promise<FirebaseModule> | undefined;

export function loadFirebase(): Promise<FirebaseModule> {
  loading ??= import('./firebase').catch((error: unknown) => {
    // Let a later call try again (e.g. a chunk failed to download while offline).
    loading = undefined;
    throw error;
  });
  return loading;
}

// /api calls carry the client SDK's ID token once the SDK is loading, never loading it for that.
setIdTokenSource(() => loading?.then((firebase) => firebase.getIdToken()) ?? null);
