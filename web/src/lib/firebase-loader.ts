// Loads lib/firebase on first use. Until something needs Firebase (sign-in success, a signed-in
// screen), no Firebase code is downloaded, which keeps the sign-in screen light.
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
