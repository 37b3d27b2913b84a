// Loads lib/firebase on first use. Until something needs Firebase (sign-in success, a signed-in
// screen), no Firebase code is downloaded, which keeps the sign-in screen light.
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

/** True once something has asked for Firebase in this page load. */
export function isFirebaseLoaded(): boolean {
  return loading !== undefined;
}
