// This device's push subscription: whether notifications can work here, turning them on
// (permission, subscribe with the server's VAPID key, PUT) and off (DELETE, unsubscribe), and
// the re-sync each app start. Loaded on demand: no first screen needs it.
import type { PushSubscriptionInput } from '@moments/shared';
import { api } from './api-client';
import { PUSH_API } from './push-calls';

/**
 * Whether this browser can have notifications: `ios-home-screen` is iOS Safari outside the
 * home-screen app, where Web Push exists only once the app is added to the Home Screen.
 */
export type PushAvailability = 'available' | 'ios-home-screen' | 'unavailable';

function isIos(): boolean {
  // iPadOS presents itself as a Mac, but with touch.
  return (
    /iPad|iPhone|iPod/.test(navigator.userAgent) ||
    (navigator.userAgent.includes('Macintosh') && navigator.maxTouchPoints > 1)
  );
}

function isHomeScreenApp(): boolean {
  return (
    (navigator as { standalone?: boolean }).standalone === true ||
    window.matchMedia?.('(display-mode: standalone)').matches === true
  );
}

export function pushAvailability(): PushAvailability {
  const apis =
    'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
  if (apis && !import.meta.env.DEV) return 'available';
  if (isIos() && !isHomeScreenApp()) return 'ios-home-screen';
  return 'unavailable';
}

/** The notification permission, or null where there are no notifications. */
export function notificationPermission(): NotificationPermission | null {
  return 'Notification' in window ? Notification.permission : null;
}

async function registration(): Promise<ServiceWorkerRegistration> {
  return navigator.serviceWorker.ready;
}

/** This device's subscription, or null (none, or no notifications here). */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (pushAvailability() !== 'available') return null;
  // Not `ready`, which waits for ever where no worker is registered (logout must not).
  const found = await navigator.serviceWorker.getRegistration();
  return found ? found.pushManager.getSubscription() : null;
}

function sendSubscription(subscription: PushSubscription): Promise<unknown> {
  return api.put<{ deviceId: string }>(
    PUSH_API.subscription,
    subscription.toJSON() as PushSubscriptionInput,
  );
}

function base64UrlBytes(text: string): Uint8Array {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  return Uint8Array.from(atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4)), (c) =>
    c.charCodeAt(0),
  );
}

function sameKey(key: ArrayBuffer | null, publicKey: string): boolean {
  if (!key) return false;
  const wanted = base64UrlBytes(publicKey);
  const held = new Uint8Array(key);
  return held.length === wanted.length && held.every((byte, i) => byte === wanted[i]);
}

/**
 * Turns notifications on for this device: asks for permission (so call it from a press), then
 * subscribes with the server's key and sends the subscription. Answers the permission.
 */
export async function enablePush(): Promise<NotificationPermission> {
  if (pushAvailability() !== 'available') throw new Error('No notifications in this browser.');
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission;
  const [{ publicKey }, { pushManager }] = await Promise.all([
    api.get<{ publicKey: string }>(PUSH_API.config),
    registration(),
  ]);
  let subscription = await pushManager.getSubscription();
  // Made with another key (the server's key changed): that one can no longer be sent to.
  if (subscription && !sameKey(subscription.options.applicationServerKey, publicKey)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: publicKey,
  });
  await sendSubscription(subscription);
  return permission;
}

/** Turns notifications off for this device: the server forgets it, then the browser. */
export async function disablePush(): Promise<void> {
  const subscription = await currentSubscription();
  if (!subscription) return;
  await api.delete(PUSH_API.subscription, { body: { endpoint: subscription.endpoint } });
  await subscription.unsubscribe();
}

/**
 * Logout: the server forgets this device's subscription (while the session still allows it),
 * so the next person on this device hears nothing of the last one's moments. The browser's
 * subscription is dropped too. Never throws: logging out goes on regardless.
 */
export async function forgetDeviceOnLogout(): Promise<void> {
  try {
    await disablePush();
  } catch (error) {
    console.warn('Could not remove this device from notifications:', error);
  }
}

/**
 * Each app start: the browser's current subscription goes to the server again (the browser
 * may have renewed it, and the server forgets one not seen for 60 days).
 */
export async function resyncPush(): Promise<void> {
  if (notificationPermission() !== 'granted') return;
  const subscription = await currentSubscription();
  if (subscription) await sendSubscription(subscription);
}
