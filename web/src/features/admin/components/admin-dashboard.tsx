import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { initials, type CurrentUser } from '@moments/shared';

interface AdminDashboardProps {
  admin: Pick<CurrentUser, 'firstName' | 'lastName' | 'profilePictureUrl' | 'phoneNumber'>;
  onSignOut: () => void;
  signingOut: boolean;
}

/** The admin area's first screen: who is signed in, and a way out. */
export function AdminDashboard({ admin, onSignOut, signingOut }: AdminDashboardProps) {
  const name = [admin.firstName, admin.lastName].filter(Boolean).join(' ') || admin.phoneNumber;
  return (
    <Stack spacing={2}>
      <Typography variant="h1">Admin dashboard</Typography>
      <Paper
        elevation={0}
        sx={{ p: { xs: 2.5, sm: 3 }, borderRadius: 4, border: 1, borderColor: 'divider' }}
      >
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
          <Avatar
            src={admin.profilePictureUrl ?? undefined}
            alt=""
            sx={{ width: 56, height: 56, bgcolor: 'primary.main' }}
          >
            {initials(admin.firstName, admin.lastName) || undefined}
          </Avatar>
          <div>
            <Typography variant="body2" color="text.secondary">
              Signed in as
            </Typography>
            <Typography variant="h2" component="p" sx={{ fontSize: '1.25rem' }}>
              {name}
            </Typography>
          </div>
        </Stack>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          Admin tools for people and moments will appear here.
        </Typography>
        <Button variant="outlined" size="large" fullWidth loading={signingOut} onClick={onSignOut}>
          Sign out
        </Button>
      </Paper>
    </Stack>
  );
}
