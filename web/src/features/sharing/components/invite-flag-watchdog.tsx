import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import {
  endInviteProcessing,
  inviteProcessingFlag,
  msUntilInviteFlagStuck,
} from '../utils/invite-storage';

/**
 * A stuck processingInviteToken flag: one still set 10 s after it was set
 * is cleared and the page reloaded, so that the invite can be processed afresh. Answers a
 * function that disarms the timer (nothing to disarm when no flag is set).
 */
export function armInviteFlagWatchdog(): () => void {
  const wait = msUntilInviteFlagStuck();
  if (wait === null) return () => undefined;
  const seen = inviteProcessingFlag();
  const timer = setTimeout(() => {
    // Finished, or claimed again since: not stuck.
    if (inviteProcessingFlag() !== seen) return;
    endInviteProcessing();
    window.location.reload();
  }, wait);
  return () => clearTimeout(timer);
}

/** Watches for a flag left set, on every navigation (mounted once, in the root layout). */
export function InviteFlagWatchdog() {
  const location = useLocation();
  useEffect(() => armInviteFlagWatchdog(), [location.key]);
  return null;
}
