import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { displayPhoneNumber, type AdminPersonRow } from '@moments/shared';
import { Link as RouterLink } from 'react-router-dom';
import { formatDate, personName, SIGN_IN_METHOD_LABELS, subscriptionLabel } from '../utils/format';

/** The account's states, as chips. */
export function PersonStates({ person }: { person: AdminPersonRow }) {
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
      {person.isAdmin && <Chip size="small" color="primary" label="Admin" />}
      {person.disabled && <Chip size="small" color="error" label="Disabled" />}
      {person.subscriptionStatus && (
        <Chip
          size="small"
          variant="outlined"
          label={`Subscription: ${subscriptionLabel(person.subscriptionStatus)}`}
        />
      )}
    </Stack>
  );
}

/** One card per person: stacked on a phone, a row of figures on a laptop. */
export function PeopleList({ people }: { people: AdminPersonRow[] }) {
  return (
    <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {people.map((person) => (
        <Paper
          component="li"
          key={person.id}
          elevation={0}
          sx={{ p: 2, borderRadius: 3, border: 1, borderColor: 'divider' }}
        >
          <Stack
            direction={{ xs: 'column', md: 'row' }}
            spacing={{ xs: 1, md: 3 }}
            sx={{ alignItems: { md: 'center' } }}
          >
            <Stack spacing={0.5} sx={{ flex: 2, minWidth: 0 }}>
              <Typography
                component={RouterLink}
                to={`/admin/people/${encodeURIComponent(person.id)}`}
                sx={{
                  fontWeight: 700,
                  color: 'primary.main',
                  minHeight: 44,
                  display: 'inline-flex',
                  alignItems: 'center',
                }}
              >
                {personName(person)}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {[displayPhoneNumber(person.phoneNumber), person.email]
                  .filter(Boolean)
                  .join(' · ') || 'No phone or email'}
              </Typography>
              <PersonStates person={person} />
            </Stack>
            <Typography variant="body2" sx={{ flex: 2 }}>
              {SIGN_IN_METHOD_LABELS[person.signInMethod]} · joined {formatDate(person.createdAt)} ·
              last active {formatDate(person.lastActiveAt)}
            </Typography>
            <Typography variant="body2" sx={{ flex: 1.5 }}>
              {person.momentsOwned} owned · {person.momentsJoined} joined · {person.photos} photos
            </Typography>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
