// Web Push in the browser tests. Headless Chromium refuses a real pushManager.subscribe, so an
// init script stands in for the page's PushManager: its subscriptions come from the local push
// service stand-in (scripts/push-stand-in.mjs), made for the page's real applicationServerKey,
// so the real server stores them and sends to them. Messages reach the real service worker
// through the DevTools protocol.
import type { Timestamp } from 'firebase-admin/firestore';
import type { BrowserContext, CDPSession, Page, Worker } from 'playwright-core';
import { expect } from 'vitest';
import { adminDb } from './emulators';
import { pushStandIn, type Device } from './push-stand-in';

/** Where the page's subscription lives, so that it outlives a reload as a real one does. */
const STORAGE_KEY = 'test.pushSubscription';

/**
 * Replaces PushManager's subscribe, getSubscription and permissionState in every page of
 * `context` (call before the first navigation). subscribe() asks the stand-in for a
 * subscription with the key the page passes, as a browser asks its push service.
 */
export async function fakePushSubscriptions(context: BrowserContext): Promise<void> {
  await context.addInitScript(
    ({ standInUrl, storageKey }) => {
      if (!('PushManager' in window)) return;
      const toBase64Url = (bytes: Uint8Array) =>
        btoa(String.fromCharCode(...bytes))
          .replace(/\+/g, '-')
          .replace(/\//g, '_')
          .replace(/=+$/, '');
      const fromBase64Url = (text: string) =>
        Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
      const keyBytes = (key: unknown): Uint8Array => {
        if (typeof key === 'string') return fromBase64Url(key);
        if (key instanceof ArrayBuffer) return new Uint8Array(key);
        if (ArrayBuffer.isView(key))
          return new Uint8Array(key.buffer, key.byteOffset, key.byteLength);
        throw new TypeError('applicationServerKey is required');
      };
      interface Stored {
        endpoint: string;
        keys: { p256dh: string; auth: string };
        applicationServerKey: string;
      }
      const subscriptionOf = (stored: Stored) => ({
        endpoint: stored.endpoint,
        expirationTime: null,
        options: {
          userVisibleOnly: true,
          applicationServerKey: fromBase64Url(stored.applicationServerKey).buffer,
        },
        getKey: (name: 'p256dh' | 'auth') => fromBase64Url(stored.keys[name]).buffer,
        toJSON: () => ({ endpoint: stored.endpoint, expirationTime: null, keys: stored.keys }),
        unsubscribe: async () => {
          localStorage.removeItem(storageKey);
          return true;
        },
      });
      const read = (): Stored | null => {
        const text = localStorage.getItem(storageKey);
        return text ? (JSON.parse(text) as Stored) : null;
      };
      PushManager.prototype.getSubscription = async function () {
        const stored = read();
        return (stored ? subscriptionOf(stored) : null) as unknown as PushSubscription;
      };
      PushManager.prototype.permissionState = async function () {
        return Notification.permission === 'default' ? 'prompt' : Notification.permission;
      };
      PushManager.prototype.subscribe = async function (
        subscribeOptions?: PushSubscriptionOptionsInit,
      ) {
        if (Notification.permission !== 'granted') {
          throw new DOMException('Registration failed - permission denied', 'NotAllowedError');
        }
        const applicationServerKey = toBase64Url(keyBytes(subscribeOptions?.applicationServerKey));
        const existing = read();
        if (existing && existing.applicationServerKey === applicationServerKey) {
          return subscriptionOf(existing) as unknown as PushSubscription;
        }
        const response = await fetch(standInUrl, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ applicationServerKey }),
        });
        if (response.status !== 201) {
          throw new DOMException(`push service answered ${response.status}`, 'AbortError');
        }
        const made = (await response.json()) as Pick<Stored, 'endpoint' | 'keys'>;
        const stored: Stored = { ...made, applicationServerKey };
        localStorage.setItem(storageKey, JSON.stringify(stored));
        return subscriptionOf(stored) as unknown as PushSubscription;
      };
    },
    { standInUrl: `${pushStandIn()}/stand-in/subscriptions`, storageKey: STORAGE_KEY },
  );
}

/** The page's subscription as its init script holds it, or null; with the key it was made for. */
export async function pageSubscription(
  page: Page,
): Promise<(Device & { applicationServerKey: string }) | null> {
  const text = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEY);
  if (!text) return null;
  const stored = JSON.parse(text) as {
    endpoint: string;
    keys: { p256dh: string; auth: string };
    applicationServerKey: string;
  };
  return {
    subscription: { endpoint: stored.endpoint, expirationTime: null, keys: stored.keys },
    id: stored.endpoint.split('/').pop()!,
    applicationServerKey: stored.applicationServerKey,
  };
}

export interface StoredDevice {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  lastSeenAt: Timestamp;
}

/** The devices the server holds for `uid` (its private pushProfiles document). */
export async function storedDevices(uid: string): Promise<StoredDevice[]> {
  const snap = await adminDb.doc(`pushProfiles/${uid}`).get();
  const devices = (snap.get('devices') as Record<string, StoredDevice> | undefined) ?? {};
  return Object.values(devices);
}

/** The endpoints the server holds for `uid`. */
export async function storedEndpoints(uid: string): Promise<string[]> {
  return (await storedDevices(uid)).map((device) => device.endpoint).sort();
}

/** The page's service worker, active and controlling the page (it claims open pages). */
export async function activeServiceWorker(page: Page): Promise<Worker> {
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, {
    timeout: 30_000,
  });
  const scriptUrl = new URL('/sw.js', page.url()).href;
  const found = page
    .context()
    .serviceWorkers()
    .find((worker) => worker.url() === scriptUrl);
  return (
    found ?? page.context().waitForEvent('serviceworker', (worker) => worker.url() === scriptUrl)
  );
}

interface RegistrationUpdate {
  registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[];
}

export interface ShownNotification {
  title: string;
  body: string;
  tag: string;
  navigate: string | undefined;
}

export interface WorkerNotifications {
  /** The messages the worker received (their first characters): a failure says so. */
  received: string[];
  /** The notifications it shows, or null while it is still handling a message. */
  shown: ShownNotification[] | null;
}

/**
 * Polls `notifications` (pushDelivery's) until what the worker shows is `wanted`, and answers
 * that: the answer that satisfied the poll, since asked again, a worker busy with anything else
 * meanwhile (a fetch of the page's) answers null.
 */
export async function shownOnceSettled(
  notifications: () => Promise<WorkerNotifications>,
  wanted: (shown: ShownNotification[]) => boolean,
): Promise<ShownNotification[]> {
  let seen: WorkerNotifications | undefined;
  await expect
    .poll(async () => (seen = await notifications()))
    .toSatisfy(({ shown }: WorkerNotifications) => shown !== null && wanted(shown));
  return seen!.shown!;
}

/**
 * Delivers push messages to the page's service worker as a push service would (a string as it
 * is, a payload as the stand-in decrypted it; anything else as its JSON), and reads the
 * notifications it shows once it has handled them all. Reading earlier would lose one: Chrome's
 * getNotifications() deletes the record of a notification whose display is still under way
 * (it keeps only those the platform shows already), so the worker's pending work
 * (`waitUntil`) is counted, and the notifications read only when it is done.
 */
export async function pushDelivery(page: Page, worker: Worker) {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  const origin = new URL(page.url()).origin;
  const scope = `${origin}/`;
  let registrationId: string | undefined;
  const found = new Promise<void>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }: RegistrationUpdate) => {
      const match = registrations.find((r) => r.scopeURL === scope && !r.isDeleted);
      if (match) {
        registrationId = match.registrationId;
        resolve();
      }
    });
  });
  await worker.evaluate(() => {
    // The worker's own globals, which the tests' DOM types do not know.
    const global = self as unknown as {
      received: string[];
      handling: number;
      ExtendableEvent: { prototype: { waitUntil(promise: Promise<unknown>): void } };
    };
    global.received = [];
    global.handling = 0;
    const prototype = global.ExtendableEvent.prototype;
    const waitUntil = prototype.waitUntil;
    prototype.waitUntil = function (promise: Promise<unknown>) {
      global.handling += 1;
      const done = () => void (global.handling -= 1);
      Promise.resolve(promise).then(done, done);
      return waitUntil.call(this, promise);
    };
    // Added after the app's own listener, so it runs once that one has begun its work.
    self.addEventListener('push', (event) => {
      const { data } = event as unknown as { data: { text(): string } | null };
      global.received.push(data ? data.text().slice(0, 60) : '(no data)');
    });
  });
  await cdp.send('ServiceWorker.enable');
  await found;
  let sent = 0;
  return {
    async deliver(message: unknown) {
      sent += 1;
      await cdp.send('ServiceWorker.deliverPushMessage', {
        origin,
        registrationId: registrationId!,
        data: typeof message === 'string' ? message : JSON.stringify(message),
      });
    },
    async notifications(): Promise<WorkerNotifications> {
      const { received, handling } = await worker
        .evaluate(() => {
          const global = self as unknown as { received?: string[]; handling: number };
          return { received: global.received ?? ['(worker restarted)'], handling: global.handling };
        })
        .catch((error: unknown) => ({
          received: [`(worker gone: ${String(error)})`],
          handling: 0,
        }));
      const settled = received.length >= sent && handling === 0;
      return { received, shown: settled ? await shownNotifications(page) : null };
    },
  };
}

/** The notifications the service worker shows now. */
function shownNotifications(page: Page): Promise<ShownNotification[]> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      navigate: (n.data as { navigate?: string } | null)?.navigate,
    }));
  });
}

/**
 * The badge the worker sets, read where the browser cannot show it (headless): the worker's
 * navigator.setAppBadge/clearAppBadge are recorded from here on.
 */
export async function recordBadges(worker: Worker) {
  await worker.evaluate(() => {
    const scope = self as unknown as { badges: (number | 'cleared')[]; navigator: object };
    scope.badges = [];
    Object.defineProperty(scope.navigator, 'setAppBadge', {
      configurable: true,
      value: async (count: number) => void scope.badges.push(count),
    });
    Object.defineProperty(scope.navigator, 'clearAppBadge', {
      configurable: true,
      value: async () => void scope.badges.push('cleared'),
    });
  });
  return () => worker.evaluate(() => (self as unknown as { badges: unknown[] }).badges);
}

/** A tap on the worker's first notification, as the browser dispatches it. */
export async function tapNotification(worker: Worker) {
  await worker.evaluate(async () => {
    // The worker's own globals, which the tests' DOM types do not know.
    const scope = self as unknown as {
      registration: ServiceWorkerRegistration;
      NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
      dispatchEvent(event: Event): boolean;
    };
    const [notification] = await scope.registration.getNotifications();
    scope.dispatchEvent(
      new scope.NotificationEvent('notificationclick', { notification: notification! }),
    );
  });
}
