// The only module that imports firebase/*. The app is created once at module level; Auth and
// Firestore are loaded on demand (dynamic imports) so the sign-in screen ships without them,
// and each is connected to the emulators exactly once.
import { getApp, getApps, initializeApp } from 'firebase/app';
import type { Auth } from 'firebase/auth';
import type { Firestore } from 'firebase/firestore';
import { emulatorHosts, readEnv } from '../config/env';

const env = readEnv();

// getApp() when the module is evaluated again (dev hot reload) with the app already created.
export const firebaseApp = getApps().length > 0 ? getApp() : initializeApp(env.firebase);

let authPromise: Promise<Auth> | undefined;
let firestorePromise: Promise<Firestore> | undefined;

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

export function getDb(): Promise<Firestore> {
  firestorePromise ??= import('firebase/firestore').then(
    ({ getFirestore, connectFirestoreEmulator }) => {
      const db = getFirestore(firebaseApp);
      if (env.useEmulators) {
        const { host, port } = emulatorHosts().firestore;
        connectFirestoreEmulator(db, host, port);
      }
      return db;
    },
  );
  return firestorePromise;
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
