import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { displayPhoneNumber, HttpError, type AdminPerson } from '@moments/shared';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/ui/toast';
import { useAccountAction, type AccountAction } from '../api/account-actions';
import { formatDate, personName, SIGN_IN_METHOD_LABELS, subscriptionLabel } from '../utils/format';
import { DeleteAccountDialog, MakeAdminDialog } from './account-dialogs';
import { PersonStates } from './people-list';
import { StatCard } from './stat-card';

type Confirmable = 'disable' | 'sign-out' | 'remove-admin';
type Open = Confirmable | 'make-admin' | 'delete' | null;

const CONFIRM: Record<Confirmable, { title: string; text: string; label: string; done: string }> = {
  disable: {
    title: 'Disable this account?',
    text: 'They are signed out everywhere at once and cannot sign in until the account is enabled again.',
    label: 'Disable',
    done: 'Account disabled',
  },
  'sign-out': {
    title: 'Sign out everywhere?',
    text: 'Every session of this account ends now; they can sign in again.',
    label: 'Sign out everywhere',
    done: 'Signed out everywhere',
  },
  'remove-admin': {
    title: 'Remove admin rights?',
    text: 'Their admin login stops working and every session of theirs ends now.',
    label: 'Remove admin',
    done: 'Admin rights removed',
  },
};

function errorText(error: unknown): string {
  if (error instanceof HttpError) return error.serverMessage ?? 'Something went wrong.';
  return 'Something went wrong. Please try again.';
}

interface PersonDetailProps {
  person: AdminPerson;
  /** The signed-in admin: nobody demotes, disables or deletes themselves. */
  selfId: string;
}

/** A person's figures and what an admin may do to the account. */
export function PersonDetail({ person, selfId }: PersonDetailProps) {
  const [open, setOpen] = useState<Open>(null);
  const action = useAccountAction(person.id);
  const navigate = useNavigate();
  const isSelf = person.id === selfId;
  const name = personName(person);

  const run = (next: AccountAction, done: string, after?: () => void) =>
    action.mutate(next, {
      onSuccess: () => {
        setOpen(null);
        toast({ title: done, variant: 'success' });
        after?.();
      },
      onError: (error) => {
        if (next.kind === 'make-admin' || next.kind === 'delete') return; // shown in the dialog
        setOpen(null);
        toast({ title: errorText(error), variant: 'destructive' });
      },
    });

  const close = () => {
    setOpen(null);
    action.reset();
  };
  const confirm =
    open === 'disable' || open === 'sign-out' || open === 'remove-admin' ? open : null;

  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h2" component="h1">
          {name}
        </Typography>
        <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {[displayPhoneNumber(person.phoneNumber), person.email].filter(Boolean).join(' · ') ||
            'No phone or email'}
        </Typography>
        <Box sx={{ mt: 1 }}>
          <PersonStates person={person} />
        </Box>
      </Box>

      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' },
        }}
      >
        <StatCard text label="Signs in with" value={SIGN_IN_METHOD_LABELS[person.signInMethod]} />
        <StatCard text label="Joined" value={formatDate(person.createdAt)} />
        <StatCard text label="Last active" value={formatDate(person.lastActiveAt)} />
        <StatCard text label="Subscription" value={subscriptionLabel(person.subscriptionStatus)} />
        <StatCard label="Moments owned" value={String(person.momentsOwned)} />
        <StatCard label="Moments joined" value={String(person.momentsJoined)} />
        <StatCard label="Photos added" value={String(person.photos)} />
        <StatCard label="Entries written" value={String(person.entries)} />
      </Box>
      {person.adminUsername && (
        <Typography>
          Admin login username: <strong>{person.adminUsername}</strong>
        </Typography>
      )}

      <Paper elevation={0} sx={{ p: 2, borderRadius: 3, border: 1, borderColor: 'divider' }}>
        <Typography variant="h3" component="h2" sx={{ mb: 2 }}>
          Actions
        </Typography>
        {isSelf && (
          <Alert severity="info" sx={{ mb: 2 }}>
            This is your own account: you cannot disable, demote or delete yourself.
          </Alert>
        )}
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ flexWrap: 'wrap', gap: 1 }}
        >
          {person.disabled ? (
            <Button
              variant="contained"
              onClick={() => run({ kind: 'enable' }, 'Account enabled')}
              loading={action.isPending && action.variables?.kind === 'enable'}
            >
              Enable account
            </Button>
          ) : (
            <Button
              variant="outlined"
              color="error"
              disabled={isSelf}
              onClick={() => setOpen('disable')}
            >
              Disable account
            </Button>
          )}
          <Button variant="outlined" onClick={() => setOpen('sign-out')}>
            Sign out everywhere
          </Button>
          {person.isAdmin ? (
            <Button variant="outlined" disabled={isSelf} onClick={() => setOpen('remove-admin')}>
              Remove admin
            </Button>
          ) : (
            <Button variant="outlined" onClick={() => setOpen('make-admin')}>
              Make admin
            </Button>
          )}
          <Button
            variant="contained"
            color="error"
            disabled={isSelf}
            onClick={() => setOpen('delete')}
          >
            Delete account
          </Button>
          <Button
            component={RouterLink}
            to={`/admin/audit?targetId=${encodeURIComponent(person.id)}`}
            variant="text"
          >
            Audit log for this person
          </Button>
        </Stack>
      </Paper>

      {confirm && (
        <ConfirmDialog
          open
          title={CONFIRM[confirm].title}
          text={CONFIRM[confirm].text}
          confirmLabel={CONFIRM[confirm].label}
          pendingLabel="Working..."
          pending={action.isPending}
          onCancel={close}
          onConfirm={() => run({ kind: confirm }, CONFIRM[confirm].done)}
        />
      )}
      <MakeAdminDialog
        open={open === 'make-admin'}
        name={name}
        pending={action.isPending}
        error={open === 'make-admin' && action.error ? errorText(action.error) : undefined}
        onCancel={close}
        onSubmit={(input) => run({ kind: 'make-admin', input }, `${name} is now an admin`)}
      />
      <DeleteAccountDialog
        open={open === 'delete'}
        name={name}
        pending={action.isPending}
        error={open === 'delete' && action.error ? errorText(action.error) : undefined}
        onCancel={close}
        onSubmit={(input) =>
          run({ kind: 'delete', input }, 'Account deleted', () => void navigate('/admin/people'))
        }
      />
    </Stack>
  );
}
