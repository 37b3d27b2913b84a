import Typography from '@mui/material/Typography';
import { PageShell } from '../../../components/layouts/page-shell';

export default function OnboardingScreen7Page() {
  return (
    <PageShell title="Getting started: step 7" back={{ to: '/onboarding-screen-6', label: 'Back' }}>
      <Typography color="text.secondary">This step is coming soon.</Typography>
    </PageShell>
  );
}
