import { Suspense, useEffect, useSyncExternalStore } from 'react';
import { lazyUiKitPart } from '../../../components/ui/with-ui-kit-theme';
import { isNotificationsOffered, onNotificationsOffer } from '../utils/offer';
import { resyncPush } from '../utils/resync';

// The offer and the UI kit it brings load only once there is something to offer.
const offer = lazyUiKitPart(() => import('./notifications-offer'));

/**
 * The signed-in app's notifications, mounted once the page has settled: the subscription
 * re-synced at each start, and the offer, where it appears once offerNotifications() is called.
 */
export default function NotificationsHost() {
  useEffect(resyncPush, []);
  const offered = useSyncExternalStore(onNotificationsOffer, isNotificationsOffered);
  if (!offered) return null;
  return (
    <Suspense fallback={null}>
      <offer.Component />
    </Suspense>
  );
}
