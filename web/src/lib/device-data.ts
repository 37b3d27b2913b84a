// What logout removes from the device besides the session: the cached photos (service worker
// caches), whose photos the worker caches, and Firestore's persistent cache.
import { clearLiveData } from './live-worker-client';
import { writeCacheOwner } from './offline-db';
import { tellWorker } from './pwa';
import { PHOTO_CACHE_PREFIX } from './service-worker-protocol';

export async function clearDeviceData(): Promise<void> {
  tellWorker({ type: 'CACHE_OWNER', uid: null });
  const steps: Promise<unknown>[] = [
    writeCacheOwner(null),
    clearLiveData(),
  ];
  if ('caches' in window) {
    steps.push(
      caches
        .keys()
        .then((keys) =>
          Promise.all(
            keys.filter((key) => key.startsWith(PHOTO_CACHE_PREFIX)).map((k) => caches.delete(k)),
          ),
        ),
    );
  }
  const results = await Promise.allSettled(steps);
  for (const result of results) {
    if (result.status === 'rejected') console.warn('Could not clear device data:', result.reason);
  }
}
