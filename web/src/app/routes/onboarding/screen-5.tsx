import Typography from '@mui/material/Typography';
import { PageShell } from '../../../components/layouts/page-shell';

export default function OnboardingScreen5Page() {
  return (
    <PageShell title="Getting started: step 5" back={{ to: '/onboarding-screen-4', label: 'Back' }}>
      <Typography color="text.secondary">This step is coming soon.</Typography>
    </PageShell>
  );
}
