import { initializeApp, getApps } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore, type Transaction } from 'firebase-admin/firestore';

// One Admin SDK app per process; under the emulators the SDK finds them through the
// FIREBASE_AUTH_EMULATOR_HOST / FIRESTORE_EMULATOR_HOST variables the Functions emulator sets.
const app = getApps()[0] ?? initializeApp();

export const db = getFirestore(app);
export const auth = getAuth(app);
export const isEmulated = process.env.FUNCTIONS_EMULATOR === 'true';

/** gRPC INVALID_ARGUMENT, with which the database refuses a transaction it already closed. */
const INVALID_ARGUMENT = 3;
const isClosedTransaction = (err: unknown) =>
  (err as { code?: unknown } | null)?.code === INVALID_ARGUMENT &&
  /transaction is invalid or closed/i.test(String((err as { message?: unknown }).message));

/**
 * A transaction on a document that many requests write at once (a counter, a moment's photo
 * list). Lost races (ABORTED) are retried up to 25 times rather than the SDK's 5; a transaction
 * the database closed while it waited for a lock (the emulator then answers "Transaction is
 * invalid or closed", which the SDK does not retry) runs again from the start, twice at most.
 * The body must read and write only through `tx`, as for any transaction.
 */
export async function runHotTransaction<T>(body: (tx: Transaction) => Promise<T>): Promise<T> {
  for (let run = 1; ; run += 1) {
    try {
      return await db.runTransaction(body, { maxAttempts: 25 });
    } catch (err) {
      if (run >= 3 || !isClosedTransaction(err)) throw err;
    }
  }
}
