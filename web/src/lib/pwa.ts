// The page's side of the service worker (src/sw.ts): registration, the update-notice protocol
// (the worker posts UPDATE_AVAILABLE with its version; GET_VERSION is answered over a
// MessageChannel) and messages about the photo caches.
import { UPDATE_CHECK_INTERVAL_MS, UPDATE_FIRST_CHECK_MS } from '@moments/shared';
import type {
  UpdateAvailableMessage,
  VersionReply,
  WorkerMessage,
} from './service-worker-protocol';
import { afterSettled } from './schedule';

/** The version this page was built as (the worker that serves it has the same one). */
export const APP_VERSION: string = __APP_VERSION__;

export interface AvailableUpdate {
  version: string;
  /** Lets the waiting worker take over (the caller reloads). */
  activate: () => void;
}

type UpdateListener = (update: AvailableUpdate) => void;

const listeners = new Set<UpdateListener>();
let available: AvailableUpdate | null = null;

/** Calls `listener` when a new version is waiting (at once if one already is). */
export function onUpdateAvailable(listener: UpdateListener): () => void {
  listeners.add(listener);
  if (available) listener(available);
  return () => {
    listeners.delete(listener);
  };
}

function announce(version: string, worker: ServiceWorker) {
  available = { version, activate: () => worker.postMessage({ type: 'SKIP_WAITING' }) };
  for (const listener of listeners) listener(available);
}

const VERSION_TIMEOUT_MS = 3000;

/** Asks a worker its version over a MessageChannel; null when it does not answer. */
export async function askVersion(worker: ServiceWorker): Promise<string | null> {
  const { messageSW } = await import('workbox-window');
  const reply = messageSW(worker, { type: 'GET_VERSION' } satisfies WorkerMessage).then(
    (data) => (data as VersionReply | undefined)?.version ?? null,
  );
  const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), VERSION_TIMEOUT_MS));
  return Promise.race([reply, timeout]);
}

/** The version of the worker serving this page, or the page's own without one (dev). */
export async function runningVersion(): Promise<string> {
  const controller = 'serviceWorker' in navigator ? navigator.serviceWorker.controller : null;
  return (controller && (await askVersion(controller))) ?? APP_VERSION;
}

export function registerServiceWorker() {
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  const container = navigator.serviceWorker;

  // A new worker announces itself while it installs; it is an update only when this page
  // already has a worker (the first install is not news).
  container.addEventListener('message', (event: MessageEvent) => {
    const data = event.data as Partial<UpdateAvailableMessage> | null;
    if (data?.type !== 'UPDATE_AVAILABLE' || typeof data.version !== 'string') return;
    if (!(event.source instanceof ServiceWorker) || !container.controller) return;
    announce(data.version, event.source);
  });
  container.startMessages();

  // Installing fetches and stores the app's every file and compiles its scripts:
  // on a first visit that would compete with the first screen's code, calls and photos for the
  // network and the CPU, so it waits until the page has settled. workbox-window, likewise.
  afterSettled(() => void install(container));
}

function install(container: ServiceWorkerContainer) {
  return import('workbox-window')
    .then(({ Workbox }) => new Workbox('/sw.js', { scope: '/' }).register())
    .then(async (registration) => {
      if (!registration) return;
      // Installed on an earlier visit and still waiting: ask it which version it is.
      const waiting = registration.waiting;
      if (waiting && container.controller) {
        const version = await askVersion(waiting);
        if (version) announce(version, waiting);
      }
      // First check after a minute, then hourly.
      const check = () => {
        if (navigator.onLine) void registration.update().catch(() => undefined);
      };
      setTimeout(() => {
        check();
        setInterval(check, UPDATE_CHECK_INTERVAL_MS);
      }, UPDATE_FIRST_CHECK_MS);
    })
    .catch((error: unknown) => console.error('Service worker registration failed:', error));
}

/** "Update Now": drop every cache, let the waiting worker take over, reload. */
export async function applyUpdate(update: AvailableUpdate, reloadDelayMs: number) {
  try {
    if ('caches' in window) {
      const keys = await caches.keys();
      await Promise.all(keys.map((key) => caches.delete(key)));
    }
    update.activate();
  } finally {
    setTimeout(() => location.reload(), reloadDelayMs);
  }
}

/** Tells the active worker something (nothing happens without one, e.g. in dev). */
export function tellWorker(message: WorkerMessage): void {
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  void navigator.serviceWorker.ready.then((registration) =>
    registration.active?.postMessage(message),
  );
}

/** Asks for a Background Sync of the outbox, where the browser has it. */
export async function requestBackgroundSync(tag: string): Promise<boolean> {
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return false;
  const registration = await navigator.serviceWorker.ready;
  const sync = (registration as { sync?: { register(tag: string): Promise<void> } }).sync;
  if (!sync) return false;
  try {
    await sync.register(tag);
    return true;
  } catch {
    return false;
  }
}
