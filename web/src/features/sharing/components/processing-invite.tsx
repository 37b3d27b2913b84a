import { useEffect, useRef } from 'react';
import {
  INVITE_REDIRECT_DELAY_MS,
  JOURNAL_ACCESS_NOT_READY_TOAST,
  SUCCESS_TOASTS,
} from '@moments/shared';
import { useNavigate } from 'react-router-dom';
import { FullScreenLoader } from '../../../components/layouts/full-screen-loader';
import { toast } from '../../../components/ui/toast';
import { useJoinInvite } from '../api/accept-invite';
import type { AfterAccept, InviteLanding } from '../utils/invite-outcome';
import { beginInviteProcessing, clearStoredInvite } from '../utils/invite-storage';
import { armInviteFlagWatchdog } from './invite-flag-watchdog';

export const PROCESSING_TEXT = 'Processing...';

interface ProcessingInviteProps {
  journalId: string;
  token: string | null;
  landing?: InviteLanding;
  /**
   * Called instead of going home when the server refuses the invite (someone else's link,
   * revoked, expired), for a screen that shows the reason itself.
   */
  onRefused?: (message: string) => void;
}

/**
 * The full-screen "Processing..." while an invite is accepted: accept-invite
 * with its retries, the stored invite data cleared, the journal list refreshed, the toast, and
 * ~0.3 s later the moment (or home). See utils/invite-outcome.ts for where it goes.
 */
export function ProcessingInvite({
  journalId,
  token,
  landing = 'moment',
  onRefused,
}: ProcessingInviteProps) {
  const navigate = useNavigate();
  const { mutateAsync } = useJoinInvite();
  const started = useRef(false);
  const redirect = useRef<ReturnType<typeof setTimeout>>(undefined);
  const refused = useRef(onRefused);
  const disarm = useRef<() => void>(undefined);

  useEffect(() => {
    refused.current = onRefused;
  }, [onRefused]);

  useEffect(
    () => () => {
      clearTimeout(redirect.current);
      // Left mid-way: the root layout's watchdog looks after the flag from here.
      disarm.current?.();
    },
    [],
  );

  useEffect(() => {
    // Once per mount, even when effects run twice (StrictMode).
    if (started.current) return;
    started.current = true;
    const now = Date.now();
    // Another screen of this tab is on it: wait; the watchdog frees a stuck flag.
    if (!beginInviteProcessing(now)) return;
    disarm.current = armInviteFlagWatchdog();
    const finish = (after: AfterAccept) => {
      disarm.current?.();
      clearStoredInvite();
      if (after.refusal && refused.current) {
        refused.current(after.refusal);
        return;
      }
      if (after.toast) toast(after.toast);
      // Newly joined (not a member already): a reason to want to hear about it.
      if (after.toast === SUCCESS_TOASTS.inviteAccepted) {
        void import('../../notifications/utils/offer').then((offer) => offer.offerNotifications());
      }
      redirect.current = setTimeout(
        () => void navigate(after.path, { replace: true }),
        INVITE_REDIRECT_DELAY_MS,
      );
    };
    mutateAsync({ journalId, token, landing }).then(finish, () =>
      finish({ path: '/home', toast: JOURNAL_ACCESS_NOT_READY_TOAST }),
    );
  }, [journalId, token, landing, mutateAsync, navigate]);

  return <FullScreenLoader label={PROCESSING_TEXT} />;
}
