// When to offer notifications: after the person posts an entry or joins a shared moment (a
// reason to want them), never on load, and not again once they said "Not now" on this device
// or the browser already has an answer. Tiny on purpose: the places that call it are on first
// screens; the offer's own code loads only when it shows.
import { safeLocalStorage } from '../../../lib/safe-storage';

const DISMISSED_KEY = 'moments.notificationsOffer';

type Listener = () => void;
const listeners = new Set<Listener>();
let offered = false;

function worthOffering(): boolean {
  if (safeLocalStorage.getItem(DISMISSED_KEY) === 'dismissed') return false;
  // iOS Safari outside the home-screen app has no Notification: the offer says what to do.
  if (!('Notification' in window)) {
    const agent = navigator.userAgent;
    // iPadOS presents itself as a Mac, but with touch.
    return (
      /iPad|iPhone|iPod/.test(agent) ||
      (agent.includes('Macintosh') && navigator.maxTouchPoints > 1)
    );
  }
  return Notification.permission === 'default';
}

/** A moment to offer notifications came (an entry posted, a shared moment joined). */
export function offerNotifications(): void {
  if (offered || !worthOffering()) return;
  offered = true;
  listeners.forEach((listener) => listener());
}

/** "Not now" (or done): not offered again on this device. */
export function dismissNotificationsOffer(): void {
  safeLocalStorage.setItem(DISMISSED_KEY, 'dismissed');
  offered = false;
  listeners.forEach((listener) => listener());
}

export function isNotificationsOffered(): boolean {
  return offered;
}

export function onNotificationsOffer(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
