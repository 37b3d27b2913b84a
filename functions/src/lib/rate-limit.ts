import { db } from './firebase';
import { ApiError } from './http';

/**
 * Sliding-window limit kept in Firestore (functions may run on several instances, so
 * memory is no place for it). Throws a 429 when `key` has had `limit` hits in `windowMs`.
 */
export async function consume(key: string, limit: number, windowMs: number): Promise<void> {
  const ref = db.collection('rateLimits').doc(key);
  const now = Date.now();
  const allowed = await db.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    const hits = ((snap.get('hits') as number[] | undefined) ?? []).filter(
      (t) => t > now - windowMs,
    );
    if (hits.length >= limit) return false;
    tx.set(ref, { hits: [...hits, now], expiresAt: new Date(now + windowMs) });
    return true;
  });
  if (!allowed) throw new ApiError(429, 'Too many attempts. Please wait and try again later.');
}

/** The client's address as the Google front end reports it (first X-Forwarded-For entry). */
export function clientKey(forwardedFor: string | string[] | undefined, ip?: string): string {
  const first = (Array.isArray(forwardedFor) ? forwardedFor[0] : forwardedFor)?.split(',')[0];
  return (first?.trim() || ip || 'unknown').replace(/[^0-9a-fA-F.:]/g, '_');
}
