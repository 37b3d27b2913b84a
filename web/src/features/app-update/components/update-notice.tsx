import { useEffect, useRef, useState } from 'react';
import { UPDATE_MIN_UPTIME_MS, UPDATE_RELOAD_DELAY_MS, UPDATE_TOAST_MS } from '@moments/shared';
import { useLocation } from 'react-router-dom';
import { toast } from '../../../components/ui/toast';
import { track } from '../../../lib/analytics';
import { applyUpdate, onUpdateAvailable, type AvailableUpdate } from '../../../lib/pwa';
import { mayShowUpdateNotice } from '../utils/may-show-update-notice';

/** Announces a waiting app version once, after the app has been open for a minute. */
export function UpdateNotice() {
  const { pathname } = useLocation();
  const [update, setUpdate] = useState<AvailableUpdate | null>(null);
  const [uptimeReached, setUptimeReached] = useState(
    () => performance.now() > UPDATE_MIN_UPTIME_MS,
  );
  const shown = useRef(false);

  useEffect(() => onUpdateAvailable(setUpdate), []);

  useEffect(() => {
    if (uptimeReached) return;
    const timer = setTimeout(
      () => setUptimeReached(true),
      Math.max(0, UPDATE_MIN_UPTIME_MS - performance.now()) + 1,
    );
    return () => clearTimeout(timer);
  }, [uptimeReached]);

  useEffect(() => {
    if (!update || !uptimeReached || shown.current || !mayShowUpdateNotice(pathname)) return;
    shown.current = true;
    track('update_notice_shown');
    toast({
      title: 'Update available',
      description: `A new version of Moments (${update.version}) is ready.`,
      duration: UPDATE_TOAST_MS,
      action: {
        label: 'Update Now',
        onClick: () => {
          track('update_notice_taken');
          void applyUpdate(update, UPDATE_RELOAD_DELAY_MS);
        },
      },
    });
  }, [update, uptimeReached, pathname]);

  return null;
}
