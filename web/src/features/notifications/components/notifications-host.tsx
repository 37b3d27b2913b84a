import { Suspense, useEffect, useSyncExternalStore } from 'react';
import { lazyUiKitPart } from '../../../components/ui/with-ui-kit-theme';
import { isNotificationsOffered, onNotificationsOffer } from '../utils/offer';
import { resyncPushWhenSettled } from '../utils/resync-on-start';

// The offer and the UI kit it brings load only once there is something to offer.
const offer = lazyUiKitPart(() => import('./notifications-offer'));

/**
 * The signed-in app's notifications: the subscription re-synced at each start, and the offer,
 * where it appears once offerNotifications() is called.
 */
export function NotificationsHost() {
  useEffect(resyncPushWhenSettled, []);
  const offered = useSyncExternalStore(onNotificationsOffer, isNotificationsOffered);
  if (!offered) return null;
  return (
    <Suspense fallback={null}>
      <offer.Component />
    </Suspense>
  );
}
