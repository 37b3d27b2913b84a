import { ListItemText, MenuItem } from '../../../components/ui/menu';
import { toast } from '../../../components/ui/toast';
import { useMuteMoment, usePushSettings } from '../api/mute-moment';
import { NOTIFICATION_TEXTS, NOTIFICATION_TOASTS } from '../utils/texts';

interface MuteMomentItemProps {
  journalId: string;
  /** Closes the menu. */
  onDone: () => void;
  /** Why it cannot be used now (offline), if so. */
  unavailable?: string;
}

/** A moment's menu item: "Mute this moment", or "Unmute this moment" when it is muted. */
export function MuteMomentItem({ journalId, onDone, unavailable }: MuteMomentItemProps) {
  const settings = usePushSettings();
  const mute = useMuteMoment({
    onSuccess: (answer) =>
      toast(answer.muted ? NOTIFICATION_TOASTS.muted : NOTIFICATION_TOASTS.unmuted),
    onError: () => toast(NOTIFICATION_TOASTS.muteFailed),
  });
  const muted = settings.data?.mutedJournalIds.includes(journalId) ?? false;
  return (
    <MenuItem
      disabled={Boolean(unavailable) || !settings.data}
      onClick={() => {
        onDone();
        mute.mutate({ journalId, muted: !muted });
      }}
    >
      <ListItemText
        primary={muted ? NOTIFICATION_TEXTS.unmute : NOTIFICATION_TEXTS.mute}
        secondary={unavailable}
      />
    </MenuItem>
  );
}
