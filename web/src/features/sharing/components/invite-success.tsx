import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { INVITE_MESSAGES } from '@moments/shared';
import { Link as RouterLink } from 'react-router-dom';
import { journalPath } from '../utils/invite-outcome';

/**
 * `/invite-success?journalId=…`: where accept-invite leads when it answers success with
 * alreadyHadAccess — the person was in the moment already (its owner trying their own link,
 * a link opened twice). "Invite accepted!" would be untrue there; this says so and opens it.
 * A first acceptance goes straight to the moment with the toast instead.
 */
export function InviteSuccess({ journalId }: { journalId: string | null }) {
  return (
    <Stack spacing={2}>
      <Typography color="text.secondary">{INVITE_MESSAGES.alreadyMember}</Typography>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
        {journalId && (
          <Button component={RouterLink} to={journalPath(journalId)} variant="contained">
            View Journal
          </Button>
        )}
        <Button component={RouterLink} to="/home" variant="outlined">
          Go to my moments
        </Button>
      </Stack>
    </Stack>
  );
}
