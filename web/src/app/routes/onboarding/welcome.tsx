import Typography from '@mui/material/Typography';
import { PageShell } from '../../../components/layouts/page-shell';

export default function OnboardingWelcomePage() {
  return (
    <PageShell title="Welcome to Moments" back={{ to: '/auth', label: 'Back to sign in' }}>
      <Typography color="text.secondary">This step is coming soon.</Typography>
    </PageShell>
  );
}
