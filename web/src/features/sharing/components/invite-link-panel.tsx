import { useRef } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { SHARING_TOASTS, type InviteLink } from '@moments/shared';
import { TextInput } from '../../../components/ui/text-input';
import { REPLAY_BLOCKED_CLASS } from '../../../lib/analytics/privacy';
import { toast } from '../../../components/ui/toast';
import { copyText } from '../utils/copy-text';
import { displayDate, displayPhone } from '../utils/format';
import { inviteMessage, shareData, smsHref } from '../utils/share-message';

interface InviteLinkPanelProps {
  invite: InviteLink;
  journalTitle: string;
  inviterName: string;
}

function canUseShareSheet(data: ShareData): boolean {
  if (typeof navigator === 'undefined' || typeof navigator.share !== 'function') return false;
  return typeof navigator.canShare !== 'function' || navigator.canShare(data);
}

/** The new link, and the ways to send it: copy, the phone's share sheet, a text message. */
export function InviteLinkPanel({ invite, journalTitle, inviterName }: InviteLinkPanelProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const details = { url: invite.url, journalTitle, inviterName };
  const data = shareData(details);
  const target = invite.targetPhoneNumber;

  const copy = async () => {
    if (await copyText(invite.url)) {
      toast(SHARING_TOASTS.linkCopied);
    } else {
      inputRef.current?.select();
      toast(SHARING_TOASTS.copyFailed);
    }
  };

  const share = async () => {
    try {
      await navigator.share(data);
    } catch (error) {
      // Closing the share sheet is not a failure.
      if (error instanceof DOMException && error.name === 'AbortError') return;
      await copy();
    }
  };

  return (
    <Stack spacing={1.5} sx={{ p: 2, borderRadius: 2, bgcolor: 'background.default' }}>
      <TextInput
        inputRef={inputRef}
        id={`invite-link-${invite.id}`}
        label="Invite link"
        value={invite.url}
        readOnly
        onFocus={(event) => event.target.select()}
        helperText={
          target
            ? `Only ${displayPhone(target)} can join with this link, once. It expires on ${displayDate(invite.expiresAt)}.`
            : `Anyone with this link can join until ${displayDate(invite.expiresAt)}.`
        }
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <Button variant="contained" onClick={() => void copy()}>
          Copy link
        </Button>
        {canUseShareSheet(data) && (
          <Button variant="outlined" onClick={() => void share()}>
            Share…
          </Button>
        )}
        <Button
          variant="outlined"
          component="a"
          href={smsHref(inviteMessage(details), target)}
          className={REPLAY_BLOCKED_CLASS}
        >
          Send as text message
        </Button>
      </Box>
      <Typography variant="body2" color="text.secondary">
        Send it only to people you want in this moment: they will see its photos and entries.
      </Typography>
    </Stack>
  );
}
