/// <reference lib="webworker" />
// The service worker (built by vite-plugin-pwa's injectManifest): the precached app shell,
// photos cached per person for reading offline, the update-notice protocol, Background
// Sync of the outbox and notifications (sw-push.ts). docs/offline.md describes what is cached where.
import { clientsClaim } from 'workbox-core';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkOnly } from 'workbox-strategies';
import './sw-push';
import { flushOutbox } from './features/offline/api/send-outbox';
import { OUTBOX_SYNC_TAG, readCacheOwner } from './features/offline/api/outbox-store';
import {
  PHOTO_CACHE_MAX_ENTRIES,
  PHOTO_CACHE_PREFIX,
  isPhotoPath,
  journalOfPhotoPath,
  otherSizeUrls,
  photoCacheName,
  type WorkerMessage,
} from './lib/service-worker-protocol';

declare const self: ServiceWorkerGlobalScope;

const VERSION = __APP_VERSION__;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Page loads of any app path get the precached shell, so the installed app opens offline;
// the API and Firebase's reserved /__/ paths always reach the network. /home and a moment's
// page get their own HTML, as Hosting serves it (firebase.json): it names their code, which
// the page then finds there instead of adding a link for each chunk (web/build/route-pages.ts).
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/home.html'), { allowlist: [/^\/home$/] }),
);
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/moment.html'), {
    allowlist: [/^\/journals\/[^/]+$/],
  }),
);
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api\//, /^\/__\//],
  }),
);

// The person whose photos are cached: the signed-in page tells the worker (and IndexedDB,
// for when the worker restarts). Nobody signed in: photos are not cached at all.
let cacheOwner: Promise<string | null> = readCacheOwner().catch(() => null);

const photoStrategies = new Map<string, CacheFirst>();
function photoStrategy(uid: string): CacheFirst {
  let strategy = photoStrategies.get(uid);
  if (!strategy) {
    strategy = new CacheFirst({
      cacheName: photoCacheName(uid),
      plugins: [
        // Only a member's real answer is kept: a 404 (not a member) or an error never is.
        new CacheableResponsePlugin({ statuses: [200] }),
        // The size bound: least recently used photos go first; all of it if storage runs out.
        new ExpirationPlugin({ maxEntries: PHOTO_CACHE_MAX_ENTRIES, purgeOnQuotaError: true }),
      ],
    });
    photoStrategies.set(uid, strategy);
  }
  return strategy;
}

// Photo bytes and profile pictures: cache-first in the signed-in person's own cache. Their URLs
// name immutable bytes (a new photo or picture gets a new id), and membership is enforced
// by emptying the cache at logout and purging a moment's photos when access is lost.
registerRoute(
  ({ url, sameOrigin, request }) =>
    sameOrigin && request.method === 'GET' && isPhotoPath(url.pathname),
  async (options) => {
    const { request } = options;
    const uid = await cacheOwner;
    if (!uid) return fetch(request);
    if (
      request.cache === 'no-store' ||
      request.cache === 'no-cache' ||
      request.cache === 'reload'
    ) {
      // The page asked for the server's own answer (e.g. whether access still holds): so be
      // it, and a refusal also removes the photo from the cache.
      const response = await fetch(request);
      if (response.status === 401 || response.status === 404) {
        await (await caches.open(photoCacheName(uid))).delete(request.url);
      }
      return response;
    }
    try {
      return await photoStrategy(uid).handle(options);
    } catch (err) {
      // No network and this size never fetched: the same photo in a size that was.
      const cache = await caches.open(photoCacheName(uid));
      for (const url of otherSizeUrls(request.url)) {
        const cached = await cache.match(url);
        if (cached) return cached;
      }
      throw err;
    }
  },
);

// Every other /api/** call is network-only: answers are per person and must be current.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/api/'),
  new NetworkOnly(),
);
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/api/'),
  new NetworkOnly(),
  'POST',
);

// Same-origin static images outside the precache (e.g. added to public/ later): cache-first,
// bounded, since their URLs only change with their content.
registerRoute(
  ({ url, sameOrigin, request }) =>
    sameOrigin && request.destination === 'image' && !url.pathname.startsWith('/api/'),
  new CacheFirst({
    cacheName: 'static-images',
    plugins: [new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 30 * 24 * 60 * 60 })],
  }),
);

/** Deletes every person's photo cache but `keepUid`'s (none kept at logout). */
async function deletePhotoCaches(keepUid: string | null) {
  const keep = keepUid ? photoCacheName(keepUid) : null;
  const keys = await caches.keys();
  await Promise.all(
    keys
      .filter((key) => key.startsWith(PHOTO_CACHE_PREFIX) && key !== keep)
      .map((key) => caches.delete(key)),
  );
}

/** Removes the cached photos of every moment not in `journalIds` (access lost). */
async function keepOnlyMoments(uid: string, journalIds: readonly string[]) {
  const keep = new Set(journalIds);
  const cache = await caches.open(photoCacheName(uid));
  for (const request of await cache.keys()) {
    const journalId = journalOfPhotoPath(new URL(request.url).pathname);
    if (journalId && !keep.has(journalId)) await cache.delete(request);
  }
}

async function purgeMoment(uid: string, journalId: string) {
  const cache = await caches.open(photoCacheName(uid));
  for (const request of await cache.keys()) {
    if (journalOfPhotoPath(new URL(request.url).pathname) === journalId) {
      await cache.delete(request);
    }
  }
}

async function announceUpdate() {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const client of windows) client.postMessage({ type: 'UPDATE_AVAILABLE', version: VERSION });
}

self.addEventListener('install', (event) => {
  // A worker installing beside an active one is an update: say so, with the new version. It
  // waits until the person chooses "Update Now" (SKIP_WAITING).
  if (self.registration.active) event.waitUntil(announceUpdate());
});

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const message = event.data as WorkerMessage | null;
  switch (message?.type) {
    case 'GET_VERSION':
      // Answered over the MessageChannel the page sent (workbox-window's messageSW).
      event.ports[0]?.postMessage({ version: VERSION });
      break;
    case 'SKIP_WAITING':
      void self.skipWaiting();
      break;
    case 'CACHE_OWNER':
      cacheOwner = Promise.resolve(message.uid);
      event.waitUntil(deletePhotoCaches(message.uid));
      break;
    case 'KEEP_MOMENTS':
      event.waitUntil(
        cacheOwner.then((uid) => (uid ? keepOnlyMoments(uid, message.journalIds) : undefined)),
      );
      break;
    case 'PURGE_MOMENT':
      event.waitUntil(
        cacheOwner.then((uid) => (uid ? purgeMoment(uid, message.journalId) : undefined)),
      );
      break;
  }
});

// Background Sync (where the browser has it): the outbox goes out when the network returns,
// even with every tab of the app closed.
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}
self.addEventListener('sync', ((event: SyncEvent) => {
  if (event.tag !== OUTBOX_SYNC_TAG) return;
  event.waitUntil(
    flushOutbox().then((result) => {
      // Throwing asks the browser to try the sync again later, with its own backoff.
      if (result.state === 'retry') throw new Error('The outbox could not be sent yet.');
    }),
  );
}) as EventListener);

clientsClaim();
