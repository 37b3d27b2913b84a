// Web Push in the browser tests. Headless Chromium refuses a real pushManager.subscribe, so an
// init script stands in for the page's PushManager: a subscription made up here (an https
// endpoint of a push service that does not exist, random keys) or, given `standInUrl`, one the
// local push-service stand-in hands out for the page's real applicationServerKey. Messages
// reach the real service worker through the DevTools protocol.
import type { BrowserContext, CDPSession, Page, Worker } from 'playwright-core';

export interface FakePushOptions {
  /**
   * A push-service stand-in: POST `${standInUrl}` with `{applicationServerKey}` (base64url)
   * answers a subscription's JSON (`{endpoint, keys: {p256dh, auth}}`). Without it, one is
   * made up in the page.
   */
  standInUrl?: string;
}

/** Where the made-up subscription lives, so that it outlives a reload as a real one does. */
const STORAGE_KEY = 'test.pushSubscription';

/**
 * Replaces PushManager's subscribe, getSubscription and permissionState in every page of
 * `context` (call before the first navigation).
 */
export async function fakePushSubscriptions(
  context: BrowserContext,
  options: FakePushOptions = {},
): Promise<void> {
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
      const random = (length: number) => crypto.getRandomValues(new Uint8Array(length));
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
        let made: Pick<Stored, 'endpoint' | 'keys'>;
        if (standInUrl) {
          const response = await fetch(standInUrl, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ applicationServerKey }),
          });
          made = (await response.json()) as Pick<Stored, 'endpoint' | 'keys'>;
        } else {
          made = {
            endpoint: `https://push.example.com/send/${toBase64Url(random(16))}`,
            // A P-256 public key's shape (65 bytes, uncompressed) and a 16-byte secret.
            keys: {
              p256dh: toBase64Url(new Uint8Array([4, ...random(64)])),
              auth: toBase64Url(random(16)),
            },
          };
        }
        const stored: Stored = { ...made, applicationServerKey };
        localStorage.setItem(storageKey, JSON.stringify(stored));
        return subscriptionOf(stored) as unknown as PushSubscription;
      };
    },
    { standInUrl: options.standInUrl ?? null, storageKey: STORAGE_KEY },
  );
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

/** Delivers push messages to the page's service worker as a push service would. */
export async function pushDelivery(page: Page): Promise<(message: unknown) => Promise<void>> {
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
  await cdp.send('ServiceWorker.enable');
  await found;
  return async (message) => {
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin,
      registrationId: registrationId!,
      data: JSON.stringify(message),
    });
  };
}

export interface ShownNotification {
  title: string;
  body: string;
  tag: string;
  navigate: string | undefined;
}

/** The notifications the service worker shows now. */
export function shownNotifications(page: Page): Promise<ShownNotification[]> {
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

export interface PushCall {
  method: string;
  path: string;
  body: unknown;
}

/**
 * Answers the /api/push calls and a moment's mute in place of the server half (issue 40's
 * functions), recording each call in order: for the client's tests until the server's own
 * routes are there. The public key is a real P-256 key, as subscribe needs.
 */
export async function stubPushServer(context: BrowserContext): Promise<{ calls: PushCall[] }> {
  const { createECDH } = await import('node:crypto');
  const publicKey = createECDH('prime256v1').generateKeys().toString('base64url');
  const calls: PushCall[] = [];
  let settings = { quietHours: null as unknown, mutedJournalIds: [] as string[] };
  await context.route(/\/api\/(push\/|journals\/[^/]+\/mute$)/, async (route) => {
    const request = route.request();
    const path = new URL(request.url()).pathname;
    const body = request.postData() ? (JSON.parse(request.postData()!) as unknown) : undefined;
    calls.push({ method: request.method(), path, body });
    const json = (value: unknown) => route.fulfill({ status: 200, json: value });
    if (path === '/api/push/config') return json({ publicKey });
    if (path === '/api/push/subscription') {
      return request.method() === 'DELETE'
        ? route.fulfill({ status: 204 })
        : json({ deviceId: 'd1' });
    }
    if (path === '/api/push/settings') {
      if (request.method() === 'PUT') settings = { ...settings, ...(body as object) };
      return json(settings);
    }
    const journalId = decodeURIComponent(path.split('/')[3]!);
    const { muted } = body as { muted: boolean };
    const others = settings.mutedJournalIds.filter((id) => id !== journalId);
    settings = { ...settings, mutedJournalIds: muted ? [...others, journalId] : others };
    return json({ muted });
  });
  return { calls };
}
