// Sending one message to a person's devices through their push services (RFC 8030, with
// VAPID and aes128gcm through the web-push library). A push service that says the
// subscription is gone or no longer ours (404, 410, 401, 403) has the device removed.
import type { PushMessage } from '@moments/shared';
import { createHash } from 'node:crypto';
import webpush from 'web-push';
import { isEmulated } from '../../lib/firebase';
import { isAllowedPushEndpoint } from './endpoints';
import { removeDevice, STALE_AFTER_MS, type StoredDevice } from './store';
import type { VapidDetails } from './vapid';

/** A notification nobody could receive within a day is no longer worth showing. */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;
const SEND_TIMEOUT_MS = 10_000;
const GONE_STATUSES = new Set([401, 403, 404, 410]);

/** The local push stand-in, allowed only under the emulators. */
export function standInOrigin(): string | undefined {
  return isEmulated ? process.env.PUSH_STAND_IN_ORIGIN || undefined : undefined;
}

/** RFC 8030's Topic: at most 32 base64url characters; a newer message replaces a queued one. */
export function topicFor(tag: string): string {
  return /^[A-Za-z0-9_-]{1,32}$/.test(tag)
    ? tag
    : createHash('sha256').update(tag).digest('base64url').slice(0, 32);
}

/** Sends `message` to each of the person's devices; answers how many push services took it. */
export async function sendToDevices(
  uid: string,
  devices: Record<string, StoredDevice>,
  message: PushMessage,
  vapid: VapidDetails,
  now = new Date(),
): Promise<number> {
  const payload = JSON.stringify(message);
  const topic = topicFor(message.notification.tag);
  const results = await Promise.all(
    Object.entries(devices).map(async ([deviceId, device]) => {
      if (now.getTime() - device.lastSeenAt.toMillis() > STALE_AFTER_MS) return false;
      if (!isAllowedPushEndpoint(device.endpoint, standInOrigin())) return false;
      const request = webpush.generateRequestDetails(
        { endpoint: device.endpoint, keys: device.keys },
        payload,
        { vapidDetails: vapid, TTL: PUSH_TTL_SECONDS, topic, urgency: 'normal' },
      );
      // fetch sets Content-Length from the body itself.
      const headers = Object.fromEntries(
        Object.entries(request.headers)
          .filter(([name]) => name.toLowerCase() !== 'content-length')
          .map(([name, value]) => [name, String(value)]),
      );
      try {
        const res = await fetch(request.endpoint, {
          method: 'POST',
          headers,
          body: request.body ? new Uint8Array(request.body) : undefined,
          signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
        });
        await res.arrayBuffer().catch(() => undefined);
        if (GONE_STATUSES.has(res.status)) {
          await removeDevice(uid, deviceId, device.endpoint);
          return false;
        }
        if (!res.ok) console.warn(`push: ${new URL(device.endpoint).host} answered ${res.status}`);
        return res.ok;
      } catch (err) {
        console.warn(`push: ${new URL(device.endpoint).host} unreachable`, err);
        return false;
      }
    }),
  );
  return results.filter(Boolean).length;
}
