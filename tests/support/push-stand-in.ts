// Notifications in API tests: devices subscribed at the push service stand-in
// (scripts/push-stand-in.mjs, started with the emulators), and the messages each received.
import { pushMessageSchema, type PushMessage } from '@moments/shared';
import { ApiClient } from './api';
import { requireEnv } from './emulators';

export interface Device {
  /** The subscription as the browser's PushSubscription.toJSON() gives it. */
  subscription: {
    endpoint: string;
    expirationTime: null;
    keys: { p256dh: string; auth: string };
  };
  /** The stand-in's id of the subscription. */
  id: string;
}

export interface Received {
  message: PushMessage;
  /** The decrypted payload as it arrived, for handing to a service worker as it is. */
  payload: string;
  topic: string | null;
  ttl: number;
  bytes: number;
}

export const pushStandIn = () => requireEnv('PUSH_STAND_IN_ORIGIN');

/** GET /api/push/config's key, which the stand-in checks each push's VAPID token against. */
export async function vapidPublicKey(): Promise<string> {
  publicKey ??= new ApiClient().get<{ publicKey: string }>('/api/push/config').then((res) => {
    if (res.status !== 200) throw new Error(`push config answered ${res.status}`);
    return res.body.publicKey;
  });
  return publicKey;
}
/** One per run of the emulators, so asked once per test file. */
let publicKey: Promise<string> | undefined;

/** A new browser subscription for the app's VAPID key, as pushManager.subscribe() makes one. */
export async function newDevice(): Promise<Device> {
  const res = await fetch(`${pushStandIn()}/stand-in/subscriptions`, {
    method: 'POST',
    body: JSON.stringify({ applicationServerKey: await vapidPublicKey() }),
  });
  if (res.status !== 201) throw new Error(`stand-in subscribe answered ${res.status}`);
  const subscription = (await res.json()) as Device['subscription'];
  return { subscription, id: subscription.endpoint.split('/').pop()! };
}

/** A new device, subscribed for `client` through PUT /api/push/subscription. */
export async function subscribedDevice(client: ApiClient): Promise<Device> {
  const device = await newDevice();
  const res = await client.put('/api/push/subscription', device.subscription);
  if (res.status !== 200) throw new Error(`subscribe answered ${res.status}`);
  return device;
}

/** What the device received so far, oldest first, each checked against the message schema. */
export async function received(device: Device): Promise<Received[]> {
  const res = await fetch(`${pushStandIn()}/stand-in/messages?subscription=${device.id}`);
  const rows = (await res.json()) as Omit<Received, 'message'>[];
  return rows.map((row) => ({
    ...row,
    message: pushMessageSchema.parse(JSON.parse(row.payload)),
  }));
}

/** The bodies of what the device received. */
export async function bodies(device: Device): Promise<(string | undefined)[]> {
  return (await received(device)).map((row) => row.message.notification.body);
}

/** Makes the stand-in answer each push to this device with `status` (a push service's verdict). */
export async function answerWith(device: Device, status: number): Promise<void> {
  await fetch(`${pushStandIn()}/stand-in/subscriptions/${device.id}/answer`, {
    method: 'POST',
    body: JSON.stringify({ status }),
  });
}

/** The browser dropped the subscription: the stand-in answers 410 from now on. */
export async function expire(device: Device): Promise<void> {
  await fetch(`${pushStandIn()}/stand-in/subscriptions/${device.id}/expire`, { method: 'POST' });
}

/**
 * How long to wait for a trigger's effect: the Firestore emulator delivers trigger events one
 * at a time, for every function and every test file running, so a push waits its turn.
 */
export const TRIGGER_POLL = { timeout: 30_000 };
