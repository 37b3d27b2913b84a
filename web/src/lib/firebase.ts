// With lib/firestore.ts (the live-data worker's), the only module that imports firebase/*. The
// app is created once at module level (in the page, and again in the worker); Auth is loaded on
// demand (a dynamic import) so the sign-in screen ships without it, and is connected to the
// emulators exactly once.
import { getApp, getApps, initializeApp } from 'firebase/app';
import type { Auth } from 'firebase/auth';
import type { ClientTokenResponse } from '@moments/shared';
import { emulatorHosts, readEnv } from '../config/env';
import { api } from './api-client';

const env = readEnv();

// getApp() when the module is evaluated again (dev hot reload) with the app already created.
export const firebaseApp = getApps().length > 0 ? getApp() : initializeApp(env.firebase);

let authPromise: Promise<Auth> | undefined;

export function getFirebaseAuth(): Promise<Auth> {
  authPromise ??= import('firebase/auth').then(
    ({ initializeAuth, indexedDBLocalPersistence, browserLocalPersistence, connectAuthEmulator }) => {
      // initializeAuth (not getAuth) leaves out the popup/redirect resolver we never use.
      const auth = initializeAuth(firebaseApp, {
        persistence: [indexedDBLocalPersistence, browserLocalPersistence],
      });
      if (env.useEmulators) {
        connectAuthEmulator(auth, emulatorHosts().authUrl, { disableWarnings: true });
      }
      return auth;
    },
  );
  return authPromise;
}

let appCheckPromise: Promise<import('firebase/app-check').AppCheck> | undefined;

/**
 * An App Check token from reCAPTCHA Enterprise, for the calls that send an SMS (the function
 * requires one when APP_CHECK_REQUIRED is set). Null when no site key is configured.
 */
export async function getAppCheckToken(): Promise<string | null> {
  const siteKey = env.appCheckSiteKey;
  if (!siteKey) return null;
  const appCheckModule = await import('firebase/app-check');
  appCheckPromise ??= Promise.resolve(
    appCheckModule.initializeAppCheck(firebaseApp, {
      provider: new appCheckModule.ReCaptchaEnterpriseProvider(siteKey),
      isTokenAutoRefreshEnabled: true,
    }),
  );
  const { token } = await appCheckModule.getToken(await appCheckPromise);
  return token;
}

/** Signs the client SDK in with the custom token the API returned at sign-in. */
export async function signInWithCustomToken(token: string): Promise<void> {
  const [auth, { signInWithCustomToken: signIn }] = await Promise.all([
    getFirebaseAuth(),
    import('firebase/auth'),
  ]);
  await signIn(auth, token);
}

export async function signOutClient(): Promise<void> {
  const [auth, { signOut }] = await Promise.all([getFirebaseAuth(), import('firebase/auth')]);
  await signOut(auth);
}

/** The signed-in user's ID token, or null when the client SDK has no user. */
export async function getIdToken(): Promise<string | null> {
  const auth = await getFirebaseAuth();
  await auth.authStateReady();
  return auth.currentUser ? auth.currentUser.getIdToken() : null;
}

let clientUser: Promise<string> | undefined;

/**
 * The uid the client SDK is signed in as, which is what Firestore's rules see. The SDK signs
 * in at sign-in (the answer's custom token) and keeps that across reloads in IndexedDB. When
 * it has no user (that storage was cleared, e.g. by Safari after a week, or the sign-in never
 * reached the SDK), the session cookie gets a fresh custom token from /api.
 */
export function ensureClientUser(): Promise<string> {
  clientUser ??= (async () => {
    const auth = await getFirebaseAuth();
    await auth.authStateReady();
    if (!auth.currentUser) {
      const { customToken } = await api.post<ClientTokenResponse>('/api/auth/client-token');
      await signInWithCustomToken(customToken);
    }
    if (!auth.currentUser) throw new Error('The Firebase client could not be signed in.');
    return auth.currentUser.uid;
  })().finally(() => {
    // Asked again next time: the person may sign out or in meanwhile.
    clientUser = undefined;
  });
  return clientUser;
}
