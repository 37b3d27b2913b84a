// Loads lib/firebase in the page on first use: signing in, logging out, an App Check token.
// Until then no Firebase code is downloaded, which keeps the sign-in screen light. (The live
// listeners' Firebase runs in the live-data worker, src/live-worker.ts.)
import { setIdTokenSource } from './api-client';
import { loadOnce } from './load-later';

/** Asked again after a failure (e.g. a chunk that failed to download while offline). */
export const loadFirebase = loadOnce(() => import('./firebase'));

// /api calls carry the client SDK's ID token once the SDK is loading, never loading it for that.
setIdTokenSource(() => loadFirebase.started()?.then((firebase) => firebase.getIdToken()) ?? null);
