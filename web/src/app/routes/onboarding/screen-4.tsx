import Typography from '@mui/material/Typography';
import { PageShell } from '../../../components/layouts/page-shell';

export default function OnboardingScreen4Page() {
  return (
    <PageShell title="Getting started: step 4" back={{ to: '/onboarding-screen-3', label: 'Back' }}>
      <Typography color="text.secondary">This step is coming soon.</Typography>
    </PageShell>
  );
}
