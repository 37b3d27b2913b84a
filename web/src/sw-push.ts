/// <reference lib="webworker" />
// The service worker's notifications (issue 40): a push shows one notification per moment (a
// newer one replaces the older) and sets the app badge; a tap opens the moment in a window of
// the app; a subscription the browser renewed is sent to the server again. The server's message
// is in the Declarative Web Push format, which Safari 18.4+ shows without this code.
import { PUSH_API, PUSH_HEADERS } from './lib/push-calls';
import { readPushText, type PushNotice } from './lib/push-message';

declare const self: ServiceWorkerGlobalScope;

/** What a notification keeps for its tap. */
interface NoticeData {
  navigate: string;
}

const ICON = '/icons/icon-192.png';

/** Where a tap may go: a page of this app only (the moment's URL comes from the message). */
function appUrl(navigate: string | undefined): string {
  try {
    const url = new URL(navigate ?? '/home', self.location.origin);
    if (url.origin === self.location.origin) return url.href;
  } catch {
    // not a URL: the home list
  }
  return new URL('/home', self.location.origin).href;
}

async function setBadge(count: number | undefined) {
  if (count === undefined || !('setAppBadge' in self.navigator)) return;
  try {
    if (count === 0) await self.navigator.clearAppBadge();
    else await self.navigator.setAppBadge(count);
  } catch {
    // The badge is a nicety: a browser that refuses it still shows the notification.
  }
}

async function showNotice(notice: PushNotice) {
  // Browsers that ignore `tag` would pile them up: the moment's earlier ones go first.
  const earlier = await self.registration.getNotifications({ tag: notice.tag });
  for (const notification of earlier) notification.close();
  const data: NoticeData = { navigate: notice.navigate };
  await self.registration.showNotification(notice.title, {
    body: notice.body,
    tag: notice.tag,
    lang: notice.lang,
    dir: notice.dir,
    silent: notice.silent,
    icon: ICON,
    data,
    // A replacement is news (a first event, or a digest of later ones): it may sound again,
    // unless the message asks for silence (the two together are refused).
    renotify: !notice.silent,
  } as NotificationOptions);
  await setBadge(notice.app_badge);
}

// One message at a time: Chrome's getNotifications() deletes the record of a notification
// whose display is still under way, so a message's lookup of its moment's notifications must
// not overlap the showing of the one before it (that one could then not be replaced or closed).
let showing: Promise<unknown> = Promise.resolve();

self.addEventListener('push', (event: PushEvent) => {
  const notice = event.data ? readPushText(event.data.text()) : null;
  // Chrome shows its own "site updated in the background" when a push shows nothing, so an
  // unreadable one is dropped silently only in the sense that nothing of ours appears.
  if (!notice) return;
  const shown = showing.then(() => showNotice(notice));
  showing = shown.catch(() => undefined);
  event.waitUntil(shown);
});

/** Focuses a window of the app and shows the moment there, or opens one on it. */
async function openMoment(url: string) {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => client.url === url) ?? windows[0];
  if (!open) {
    await self.clients.openWindow(url);
    return;
  }
  // Focus first, while the tap still allows it; then the window goes to the moment, which
  // marks it viewed as any visit does.
  await open.focus().catch(() => undefined);
  if (open.url === url) return;
  const navigated = await open.navigate(url).catch(() => null);
  // A window this worker does not control cannot be navigated: a new one, then.
  if (!navigated) await self.clients.openWindow(url);
}

self.addEventListener('notificationclick', (event: NotificationEvent) => {
  event.notification.close();
  const data = event.notification.data as Partial<NoticeData> | null;
  event.waitUntil(openMoment(appUrl(data?.navigate)));
});

async function call(method: 'GET' | 'PUT' | 'DELETE', path: string, body?: unknown) {
  const response = await fetch(path, {
    method,
    credentials: 'same-origin',
    headers:
      body === undefined ? PUSH_HEADERS : { ...PUSH_HEADERS, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}`);
  return response;
}

/** The browser renewed (or dropped) the subscription: subscribe again if needed, tell the server. */
async function renew(event: PushSubscriptionChangeEvent) {
  let subscription = event.newSubscription;
  if (!subscription) {
    const config = (await (await call('GET', PUSH_API.config)).json()) as { publicKey: string };
    subscription = await self.registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: config.publicKey,
    });
  }
  await call('PUT', PUSH_API.subscription, subscription.toJSON());
  const old = event.oldSubscription;
  if (old && old.endpoint !== subscription.endpoint) {
    await call('DELETE', PUSH_API.subscription, { endpoint: old.endpoint }).catch(() => undefined);
  }
}

self.addEventListener('pushsubscriptionchange', (event: PushSubscriptionChangeEvent) => {
  event.waitUntil(renew(event));
});
