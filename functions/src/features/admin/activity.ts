// "Active" for the dashboard: a person who made at least one signed-in API call that day (UTC).
// Recorded cheaply: the first call of a day per person writes one stamp; later calls that day
// cost nothing (an in-memory note per function instance, then a create() that fails when another
// instance already wrote the day's stamp).
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import { db } from '../../lib/firebase';

/** yyyy-mm-dd of a time, in UTC. */
export function dayKey(at: Date | number): string {
  return new Date(at).toISOString().slice(0, 10);
}

/** Per-day counters the trends read: one document per day (see docs/admin.md). */
export const dailyStats = db.collection('dailyStats');
/** dailyActive/{day}_{uid}: that the person was active that day; kept 40 days. */
export const dailyActive = db.collection('dailyActive');

const ACTIVE_KEEP_DAYS = 40;
const stamped = new Map<string, string>();

/** Notes that `uid` was active today; at most one write batch per person per day. */
export async function markActive(uid: string, now = Date.now()): Promise<void> {
  const day = dayKey(now);
  if (stamped.get(uid) === day) return;
  // One batch: the stamp's create() fails when today's stamp exists, and then nothing counts.
  const batch = db.batch();
  batch.create(dailyActive.doc(`${day}_${uid}`), {
    uid,
    day,
    expiresAt: Timestamp.fromMillis(now + ACTIVE_KEEP_DAYS * 86_400_000),
  });
  batch.set(dailyStats.doc(day), { activePeople: FieldValue.increment(1) }, { merge: true });
  batch.update(db.doc(`users/${uid}`), { lastActiveAt: Timestamp.fromMillis(now) });
  try {
    await batch.commit();
  } catch (err) {
    // ALREADY_EXISTS: stamped today already (another instance). Anything else (no users
    // document yet) must not fail the call; a later call tries again.
    if ((err as { code?: number }).code !== 6) return;
  }
  if (stamped.size > 10_000) stamped.clear();
  stamped.set(uid, day);
}

/** Counts one accepted invite on today's counter (called inside the accepting transaction). */
export function countInviteAccepted(tx: FirebaseFirestore.Transaction, now = Date.now()): void {
  tx.set(
    dailyStats.doc(dayKey(now)),
    { invitesAccepted: FieldValue.increment(1) },
    { merge: true },
  );
}
