import Typography from '@mui/material/Typography';
import { PageShell } from '../../components/layouts/page-shell';

export default function AppleCallbackPage() {
  return (
    <PageShell title="Signing you in" back={{ to: '/auth', label: 'Back to sign in' }}>
      <Typography color="text.secondary">
        Completing your sign-in with Apple. If nothing happens, go back and try again.
      </Typography>
    </PageShell>
  );
}
