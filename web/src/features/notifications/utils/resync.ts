/**
 * Each app start (the caller waits until the page has settled): the browser's current
 * subscription goes to the server again (lib/push-device.ts resyncPush). Only with permission
 * granted, so no one else loads that code.
 */
export function resyncPush(): void {
  if (!('Notification' in window) || Notification.permission !== 'granted') return;
  void import('../../../lib/push-device')
    .then((device) => device.resyncPush())
    .catch((error: unknown) => console.warn('Could not re-sync notifications:', error));
}
