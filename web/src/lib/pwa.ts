// Service-worker registration (vite-plugin-pwa, registerType "prompt"). An update is
// announced to listeners; it is applied only when someone calls the returned `apply`.
import { UPDATE_CHECK_INTERVAL_MS, UPDATE_FIRST_CHECK_MS } from '@moments/shared';

type UpdateListener = (apply: () => Promise<void>) => void;

const listeners = new Set<UpdateListener>();
let pendingApply: (() => Promise<void>) | null = null;

/** Calls `listener` when a new version is waiting (at once if one already is). */
export function onUpdateAvailable(listener: UpdateListener): () => void {
  listeners.add(listener);
  if (pendingApply) listener(pendingApply);
  return () => {
    listeners.delete(listener);
  };
}

export function registerServiceWorker() {
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  void import('virtual:pwa-register')
    .then(({ registerSW }) => {
      const updateSW = registerSW({
        onNeedRefresh() {
          pendingApply = () => updateSW(true);
          for (const listener of listeners) listener(pendingApply);
        },
        onRegisteredSW(_url, registration) {
          if (!registration) return;
          // First check after a minute, then hourly (SPEC section 4, Update notice).
          const check = () => {
            if (navigator.onLine) void registration.update().catch(() => undefined);
          };
          setTimeout(() => {
            check();
            setInterval(check, UPDATE_CHECK_INTERVAL_MS);
          }, UPDATE_FIRST_CHECK_MS);
        },
        onRegisterError(error: unknown) {
          console.error('Service worker registration failed:', error);
        },
      });
    })
    .catch((error: unknown) => console.error('Could not load the service worker client:', error));
}

/** "Update Now": drop every cache, activate the waiting worker, reload (SPEC section 4). */
export async function applyUpdate(apply: () => Promise<void>, reloadDelayMs: number) {
  try {
    if ('caches' in window) {
      const keys = await caches.keys();
      await Promise.all(keys.map((key) => caches.delete(key)));
    }
    await apply();
  } finally {
    setTimeout(() => location.reload(), reloadDelayMs);
  }
}
