import { REQUEST_ERRORS } from '@moments/shared';
import { hashKey } from './client-address';
import { db } from './firebase';
import { ApiError } from './http';

/** Transactions on one hot document (a burst from one client) retry more than the default 5. */
export const HOT_TRANSACTION = { maxAttempts: 25 };

/**
 * Sliding-window limit kept in Firestore (functions may run on several instances, so memory is
 * no place for it). Throws a 429 when `subject` has had `limit` hits of `scope` in `windowMs`.
 * The document id is the scope and a digest of the subject, so it stays short whatever the
 * subject; `expiresAt` lets Firestore's TTL policy (firestore.indexes.json) delete it.
 */
export async function consume(
  scope: string,
  subject: string,
  limit: number,
  windowMs: number,
): Promise<void> {
  const ref = db.collection('rateLimits').doc(`${scope}-${hashKey(subject)}`);
  const allowed = await db.runTransaction(async (tx) => {
    const now = Date.now();
    const snap = await tx.get(ref);
    const hits = ((snap.get('hits') as number[] | undefined) ?? []).filter(
      (t) => t > now - windowMs,
    );
    if (hits.length >= limit) return false;
    tx.set(ref, { hits: [...hits, now], expiresAt: new Date(now + windowMs) });
    return true;
  }, HOT_TRANSACTION);
  if (!allowed) throw new ApiError(429, REQUEST_ERRORS.tooManyAttempts);
}
