// The private documents of notifications (docs/data-model.md, "Notifications"); no client
// reads them (firestore.rules). One per person, pushProfiles/{uid}: their devices'
// subscriptions keyed by a hash of the endpoint, quiet hours and muted moments, so the
// fan-out reads one document per recipient.
import {
  AUTH_SERVER_MESSAGES,
  PUSH_SUBSCRIPTION_STALE_DAYS,
  type PushSettings,
  type PushSubscriptionInput,
  type QuietHours,
} from '@moments/shared';
import { FieldValue, Timestamp, type DocumentSnapshot } from 'firebase-admin/firestore';
import { deleteQuery } from '../../lib/batch-delete';
import { db, runHotTransaction } from '../../lib/firebase';
import { ApiError } from '../../lib/http';
import { deviceIdOf } from './endpoints';

export const pushProfiles = db.collection('pushProfiles');
/** pushDigests/{uid}_{journalId}: when this person last heard about this moment, what waits. */
export const pushDigests = db.collection('pushDigests');
/** pushPhotoBatches/{journalId}_{uploaderId}: the uploader's last photo, to tell batches apart. */
export const pushPhotoBatches = db.collection('pushPhotoBatches');

export const digestRef = (uid: string, journalId: string) => pushDigests.doc(`${uid}_${journalId}`);

export interface StoredDevice {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  createdAt: Timestamp;
  /** The last app start that re-synced this subscription. */
  lastSeenAt: Timestamp;
}

export interface PushProfile {
  devices: Record<string, StoredDevice>;
  quietHours: QuietHours | null;
  mutedJournalIds: string[];
}

/** A person keeps at most this many devices; a new one pushes out the longest unseen. */
export const MAX_DEVICES_PER_PERSON = 10;
export const STALE_AFTER_MS = PUSH_SUBSCRIPTION_STALE_DAYS * 24 * 60 * 60 * 1000;

export function profileOf(snap: DocumentSnapshot): PushProfile {
  return {
    devices: (snap.get('devices') as Record<string, StoredDevice> | undefined) ?? {},
    quietHours: (snap.get('quietHours') as QuietHours | null | undefined) ?? null,
    mutedJournalIds: (snap.get('mutedJournalIds') as string[] | undefined) ?? [],
  };
}

/** The devices fields written whole: the map, its ids (to find a device) and the oldest sighting. */
function deviceFields(devices: Record<string, StoredDevice>) {
  const seen = Object.values(devices).map((device) => device.lastSeenAt.toMillis());
  return {
    devices,
    deviceIds: Object.keys(devices),
    oldestSeenAt: seen.length ? Timestamp.fromMillis(Math.min(...seen)) : null,
  };
}
const DEVICE_FIELDS = ['devices', 'deviceIds', 'oldestSeenAt'];

/**
 * PUT /api/push/subscription: stores or refreshes this device's subscription for `uid`. The
 * same browser signed in as someone else before belongs to `uid` now: it leaves their profile.
 * `signedInAt` is when the caller's session signed in: one from before an admin signed the
 * person out (`devicesClearedAt`, removeAllDevices) stores nothing (401), so a request that was
 * already under way when the admin acted cannot bring a device back.
 */
export async function saveSubscription(
  uid: string,
  subscription: PushSubscriptionInput,
  now = Timestamp.now(),
  signedInAt?: Date,
): Promise<string> {
  const deviceId = deviceIdOf(subscription.endpoint);
  const ref = pushProfiles.doc(uid);
  // Several devices of one person may subscribe at once; the cap holds across them.
  const saved = await runHotTransaction(async (tx) => {
    const snap = await tx.get(ref);
    const clearedAt = snap.get('devicesClearedAt') as Timestamp | undefined;
    if (clearedAt && signedInAt && signedInAt.getTime() < clearedAt.toMillis()) return false;
    const { devices } = profileOf(snap);
    const next: Record<string, StoredDevice> = {
      ...devices,
      [deviceId]: {
        endpoint: subscription.endpoint,
        keys: { p256dh: subscription.keys.p256dh, auth: subscription.keys.auth },
        createdAt: devices[deviceId]?.createdAt ?? now,
        lastSeenAt: now,
      },
    };
    const kept = Object.entries(next)
      .sort(([, a], [, b]) => b.lastSeenAt.toMillis() - a.lastSeenAt.toMillis())
      .slice(0, MAX_DEVICES_PER_PERSON);
    tx.set(ref, deviceFields(Object.fromEntries(kept)), { mergeFields: DEVICE_FIELDS });
    return true;
  });
  if (!saved) throw new ApiError(401, AUTH_SERVER_MESSAGES.signIn);
  const elsewhere = await pushProfiles.where('deviceIds', 'array-contains', deviceId).get();
  await Promise.all(
    elsewhere.docs.filter((doc) => doc.id !== uid).map((doc) => removeDevice(doc.id, deviceId)),
  );
  return deviceId;
}

/**
 * Removes one device from a person's profile (unsubscribe, logout, a push service that says
 * it is gone). With `onlyEndpoint`, only if the device still has that endpoint.
 */
export async function removeDevice(uid: string, deviceId: string, onlyEndpoint?: string) {
  const ref = pushProfiles.doc(uid);
  await runHotTransaction(async (tx) => {
    const snap = await tx.get(ref);
    const { devices } = profileOf(snap);
    const device = devices[deviceId];
    if (!device || (onlyEndpoint && device.endpoint !== onlyEndpoint)) return;
    const rest = Object.fromEntries(Object.entries(devices).filter(([id]) => id !== deviceId));
    tx.set(ref, deviceFields(rest), { mergeFields: DEVICE_FIELDS });
  });
}

/**
 * Every device of a person goes (an admin signed them out everywhere, or disabled the account):
 * a signed-out phone gets no more of their moments' content. `signedOutAt` (when their sessions
 * were revoked) is kept, so a subscription sent by a session from before it stores nothing
 * (saveSubscription). Settings and mutes stay; each device subscribes again at its next
 * signed-in start. Pending digests go too.
 */
export async function removeAllDevices(uid: string, signedOutAt: Date): Promise<void> {
  // A blind write: saveSubscription's transaction either commits before it (and is cleared by
  // it) or reads it (and refuses an older session).
  await pushProfiles
    .doc(uid)
    .set(
      { ...deviceFields({}), devicesClearedAt: Timestamp.fromDate(signedOutAt) },
      { mergeFields: [...DEVICE_FIELDS, 'devicesClearedAt'] },
    );
  await deleteQuery(pushDigests.where('userId', '==', uid));
}

/** DELETE /api/push/subscription, and logout: the caller's device with this endpoint goes. */
export function removeSubscription(uid: string, endpoint: string) {
  return removeDevice(uid, deviceIdOf(endpoint));
}

/** GET /api/push/settings. */
export async function readSettings(uid: string): Promise<PushSettings> {
  const { quietHours, mutedJournalIds } = profileOf(await pushProfiles.doc(uid).get());
  return { quietHours, mutedJournalIds };
}

/** PUT /api/push/settings. */
export async function saveSettings(uid: string, quietHours: QuietHours | null) {
  await pushProfiles.doc(uid).set({ quietHours }, { merge: true });
  return readSettings(uid);
}

/** PUT /api/journals/:id/mute (membership checked by the caller). */
export async function setMuted(uid: string, journalId: string, muted: boolean) {
  await pushProfiles.doc(uid).set(
    {
      mutedJournalIds: muted ? FieldValue.arrayUnion(journalId) : FieldValue.arrayRemove(journalId),
    },
    { merge: true },
  );
}

/**
 * The 60-day cleanup: devices no app start has re-synced since `now` minus
 * PUSH_SUBSCRIPTION_STALE_DAYS leave their profiles. Answers how many went.
 */
export async function removeStaleDevices(now = new Date()): Promise<number> {
  const cutoff = Timestamp.fromMillis(now.getTime() - STALE_AFTER_MS);
  const stale = await pushProfiles.where('oldestSeenAt', '<', cutoff).limit(500).get();
  let removed = 0;
  for (const profile of stale.docs) {
    removed += await db.runTransaction(async (tx) => {
      const { devices } = profileOf(await tx.get(profile.ref));
      const kept = Object.entries(devices).filter(
        ([, device]) => device.lastSeenAt.toMillis() >= cutoff.toMillis(),
      );
      tx.set(profile.ref, deviceFields(Object.fromEntries(kept)), { mergeFields: DEVICE_FIELDS });
      return Object.keys(devices).length - kept.length;
    });
  }
  return removed;
}

/** An account being deleted: its devices, settings and digests go (the caller deletes the rest). */
export async function deletePushData(uid: string): Promise<void> {
  await pushProfiles.doc(uid).delete();
  await deleteQuery(pushDigests.where('userId', '==', uid));
  await deletePhotoBatchesOf(uid);
}

/** The photo batches remembered for an uploader (see startsPhotoBatch). */
export async function deletePhotoBatchesOf(uid: string): Promise<void> {
  await deleteQuery(pushPhotoBatches.where('uploaderId', '==', uid));
}
