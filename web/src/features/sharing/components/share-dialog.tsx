import { useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import {
  SHARING_TOASTS,
  failureMessage,
  sharingFailedToast,
  type InviteLink,
} from '@moments/shared';
import { useNavigate } from 'react-router-dom';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/ui/toast';
import { useUser } from '../../auth/api/get-user';
import { useJournal } from '../../moments/api/get-journal';
import { useLeaveJournal } from '../../moments/api/leave-journal';
import { personName } from '../../../components/ui/person-avatar';
import { useCreateInvite } from '../api/create-invite';
import { CreateInviteForm } from './create-invite-form';
import { InviteLinkPanel } from './invite-link-panel';
import { MembersList } from './members-list';
import { PendingInvitesList } from './pending-invites-list';
import { ANALYTICS_SENSITIVE_CLASS } from '../../../lib/analytics/privacy';

export const LEAVE_MOMENT_TEXT =
  'You will no longer see its photos and entries, and it leaves your moments. The photos and entries you added stay. You can come back only with a new invite.';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title}>
      <Typography variant="h3" component="h3" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

interface ShareDialogProps {
  journalId: string;
  open: boolean;
  onClose: () => void;
}

/**
 * The share dialog (`/journals/:id?openShareModal=true`; the spec does not show it): make an
 * invite link, for anyone or for one number, and send it; see who is in the moment and the
 * links not used yet; the owner removes people and revokes links, a contributor leaves.
 */
export function ShareDialog({ journalId, open, onClose }: ShareDialogProps) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const navigate = useNavigate();
  const { data: user } = useUser();
  const journal = useJournal(journalId);
  const create = useCreateInvite(journalId);
  // Callbacks on the hook, not on mutate(): leaving ends the live subscription, and the page
  // may unmount before the answer arrives (see useDeleteJournal).
  const leave = useLeaveJournal({
    onSuccess: () => {
      toast(SHARING_TOASTS.left);
      void navigate('/home', { replace: true });
    },
    onError: (error) =>
      toast(sharingFailedToast('Could not leave the moment', failureMessage(error))),
  });
  const [created, setCreated] = useState<InviteLink | null>(null);
  const [confirmLeave, setConfirmLeave] = useState(false);

  const close = () => {
    setCreated(null);
    create.reset();
    onClose();
  };

  const confirmLeaving = () => leave.mutate(journalId, { onSettled: () => setConfirmLeave(false) });

  const title = journal.data ? `Share "${journal.data.title}"` : 'Share moment';

  let body;
  if (journal.isPending) {
    body = (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
        <CircularProgress aria-label="Loading moment" />
      </Box>
    );
  } else if (journal.isError) {
    body = <Alert severity="error">Unable to load this moment. Please try again.</Alert>;
  } else {
    const moment = journal.data;
    const role = moment.role;
    body = (
      <Stack spacing={3} divider={<Divider flexItem />}>
        <Section title="Invite people">
          {created ? (
            <Stack spacing={1.5}>
              <InviteLinkPanel
                invite={created}
                journalTitle={moment.title}
                inviterName={user ? personName(user) : ''}
              />
              <Button
                variant="text"
                onClick={() => {
                  setCreated(null);
                  create.reset();
                }}
              >
                Create another link
              </Button>
            </Stack>
          ) : (
            <CreateInviteForm
              pending={create.isPending}
              error={
                create.error
                  ? failureMessage(create.error, 'Could not create the link. Please try again.')
                  : undefined
              }
              onSubmit={(input) => create.mutate(input, { onSuccess: setCreated })}
            />
          )}
        </Section>
        <Section title="People">
          <MembersList journalId={journalId} viewerId={user?.id} viewerRole={role} />
          {role === 'contributor' && (
            <Button
              color="error"
              variant="outlined"
              sx={{ mt: 1 }}
              onClick={() => setConfirmLeave(true)}
            >
              Leave this moment
            </Button>
          )}
        </Section>
        <Section title="Pending invites">
          <PendingInvitesList journalId={journalId} viewerId={user?.id} viewerRole={role} />
        </Section>
      </Stack>
    );
  }

  return (
    <Dialog
      open={open}
      onClose={close}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="sm"
      aria-labelledby="share-dialog-title"
      className={ANALYTICS_SENSITIVE_CLASS}
    >
      <DialogTitle id="share-dialog-title" sx={{ wordBreak: 'break-word' }}>
        {title}
      </DialogTitle>
      <DialogContent dividers>{open && body}</DialogContent>
      <DialogActions>
        <Button onClick={close} variant="contained">
          Done
        </Button>
      </DialogActions>
      <ConfirmDialog
        open={confirmLeave}
        title="Leave this moment?"
        text={LEAVE_MOMENT_TEXT}
        confirmLabel="Leave"
        pendingLabel="Leaving..."
        pending={leave.isPending}
        onCancel={() => setConfirmLeave(false)}
        onConfirm={confirmLeaving}
      />
    </Dialog>
  );
}
