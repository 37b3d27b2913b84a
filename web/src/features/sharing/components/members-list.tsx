import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import {
  SHARING_TOASTS,
  failureMessage,
  sharingFailedToast,
  type Collaborator,
  type MemberRole,
} from '@moments/shared';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/ui/toast';
import { PersonAvatar, personName } from '../../../components/ui/person-avatar';
import { useMembers } from '../api/get-members';
import { useRemoveMember } from '../api/remove-member';

export const ROLE_LABELS: Record<MemberRole, string> = {
  owner: 'Owner',
  contributor: 'Contributor',
};

interface MembersListProps {
  journalId: string;
  /** The viewer's id and role in this moment. */
  viewerId: string | undefined;
  viewerRole: MemberRole;
}

/** Everyone in the moment with their role; the owner may remove a contributor. */
export function MembersList({ journalId, viewerId, viewerRole }: MembersListProps) {
  const members = useMembers(journalId);
  const remove = useRemoveMember(journalId);
  const [removing, setRemoving] = useState<Collaborator | null>(null);

  if (members.isPending) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
        <CircularProgress size={28} aria-label="Loading people" />
      </Box>
    );
  }
  if (members.isError) {
    return <Alert severity="error">Unable to load the people in this moment.</Alert>;
  }

  const confirmRemove = () => {
    if (!removing) return;
    remove.mutate(removing.id, {
      onSuccess: () => {
        setRemoving(null);
        toast(SHARING_TOASTS.memberRemoved);
      },
      onError: (error) => {
        setRemoving(null);
        toast(sharingFailedToast('Could not remove this person', failureMessage(error)));
      },
    });
  };

  return (
    <>
      <List dense disablePadding aria-label="People in this moment">
        {members.data.map((member) => {
          const name = personName(member);
          const isViewer = member.id === viewerId;
          const canRemove = viewerRole === 'owner' && member.role !== 'owner' && !isViewer;
          return (
            <ListItem
              key={member.id}
              disableGutters
              secondaryAction={
                canRemove ? (
                  <Button
                    size="small"
                    color="error"
                    onClick={() => setRemoving(member)}
                    aria-label={`Remove ${name}`}
                  >
                    Remove
                  </Button>
                ) : undefined
              }
              sx={{ minHeight: 56, pr: canRemove ? 12 : 0 }}
              data-testid="member"
            >
              <ListItemAvatar sx={{ minWidth: 48 }}>
                <PersonAvatar person={member} size={36} />
              </ListItemAvatar>
              <ListItemText
                primary={isViewer ? `${name} (you)` : name}
                secondary={ROLE_LABELS[member.role]}
                slotProps={{ secondary: { color: 'text.secondary' } }}
              />
            </ListItem>
          );
        })}
      </List>
      <ConfirmDialog
        open={Boolean(removing)}
        title={`Remove ${removing ? personName(removing) : ''}?`}
        text="They will lose access to this moment and its photos at once. The photos and entries they added stay. They can come back only with a new invite."
        confirmLabel="Remove"
        pendingLabel="Removing..."
        pending={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={confirmRemove}
      />
    </>
  );
}
