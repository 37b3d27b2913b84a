import { initializeApp, getApps } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';

// One Admin SDK app per process; under the emulators the SDK finds them through the
// FIREBASE_AUTH_EMULATOR_HOST / FIRESTORE_EMULATOR_HOST variables the Functions emulator sets.
const app = getApps()[0] ?? initializeApp();

export const db = getFirestore(app);
export const auth = getAuth(app);
export const isEmulated = process.env.FUNCTIONS_EMULATOR === 'true';
