import Typography from '@mui/material/Typography';
import { PageShell } from '../../../components/layouts/page-shell';

export default function OnboardingScreen2Page() {
  return (
    <PageShell title="Getting started: step 2" back={{ to: '/onboarding-screen-1', label: 'Back' }}>
      <Typography color="text.secondary">This step is coming soon.</Typography>
    </PageShell>
  );
}
