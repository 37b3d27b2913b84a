import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import {
  SHARING_TOASTS,
  failureMessage,
  sharingFailedToast,
  type MemberRole,
  type PendingInvite,
} from '@moments/shared';
import { toast } from '../../../components/ui/toast';
import { useInvites } from '../api/get-invites';
import { useRevokeInvite } from '../api/revoke-invite';
import { displayDate, displayPhone } from '../utils/format';

export const ANYONE_WITH_THE_LINK = 'Anyone with the link';

export function inviteAudience(invite: Pick<PendingInvite, 'targetPhoneNumber'>): string {
  return invite.targetPhoneNumber ? displayPhone(invite.targetPhoneNumber) : ANYONE_WITH_THE_LINK;
}

function inviteDetails(invite: PendingInvite, viewerId: string | undefined): string {
  const parts = [
    `Expires ${displayDate(invite.expiresAt)}`,
    invite.inviterId === viewerId ? 'made by you' : `made by ${invite.inviterName}`,
  ];
  if (invite.acceptedCount > 0) {
    parts.push(`${invite.acceptedCount} joined`);
  }
  return parts.join(' · ');
}

interface PendingInvitesListProps {
  journalId: string;
  viewerId: string | undefined;
  viewerRole: MemberRole;
}

/** Links not used up yet; the owner may revoke any, a contributor the ones they made. */
export function PendingInvitesList({ journalId, viewerId, viewerRole }: PendingInvitesListProps) {
  const invites = useInvites(journalId);
  const revoke = useRevokeInvite(journalId);

  if (invites.isPending) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
        <CircularProgress size={28} aria-label="Loading invites" />
      </Box>
    );
  }
  if (invites.isError) {
    return <Alert severity="error">Unable to load the pending invites.</Alert>;
  }
  if (invites.data.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        No pending invites.
      </Typography>
    );
  }

  const revokeInvite = (invite: PendingInvite) =>
    revoke.mutate(invite.id, {
      onSuccess: () => toast(SHARING_TOASTS.inviteRevoked),
      onError: (error) =>
        toast(sharingFailedToast('Could not revoke the invite', failureMessage(error))),
    });

  return (
    <List dense disablePadding aria-label="Pending invites">
      {invites.data.map((invite) => {
        const audience = inviteAudience(invite);
        const canRevoke = viewerRole === 'owner' || invite.inviterId === viewerId;
        const revoking = revoke.isPending && revoke.variables === invite.id;
        return (
          <ListItem
            key={invite.id}
            disableGutters
            data-testid="pending-invite"
            secondaryAction={
              canRevoke ? (
                <Button
                  size="small"
                  color="error"
                  disabled={revoking}
                  onClick={() => revokeInvite(invite)}
                  aria-label={`Revoke invite: ${audience}`}
                >
                  {revoking ? 'Revoking...' : 'Revoke'}
                </Button>
              ) : undefined
            }
            sx={{ minHeight: 56, pr: canRevoke ? 12 : 0 }}
          >
            <ListItemText
              primary={audience}
              secondary={inviteDetails(invite, viewerId)}
              slotProps={{ secondary: { color: 'text.secondary' } }}
            />
          </ListItem>
        );
      })}
    </List>
  );
}
