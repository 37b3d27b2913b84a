import { afterSettled } from '../../../lib/schedule';

/**
 * Each app start, once the page has settled: the browser's current subscription goes to the
 * server again (lib/push-device.ts resyncPush). Only with permission granted, so no one else
 * loads that code.
 */
export function resyncPushWhenSettled(): () => void {
  if (!('Notification' in window) || Notification.permission !== 'granted') return () => {};
  return afterSettled(() => {
    void import('../../../lib/push-device')
      .then(({ resyncPush }) => resyncPush())
      .catch((error: unknown) => console.warn('Could not re-sync notifications:', error));
  });
}
