import Typography from '@mui/material/Typography';
import { PageShell } from '../../../components/layouts/page-shell';

export default function OnboardingVerifyPage() {
  return (
    <PageShell title="Verify your number" back={{ to: '/onboarding-screen-2', label: 'Back' }}>
      <Typography color="text.secondary">This step is coming soon.</Typography>
    </PageShell>
  );
}
