import Typography from '@mui/material/Typography';
import { PageShell } from '../../../components/layouts/page-shell';

export default function OnboardingScreen6Page() {
  return (
    <PageShell title="Getting started: step 6" back={{ to: '/onboarding-screen-5', label: 'Back' }}>
      <Typography color="text.secondary">This step is coming soon.</Typography>
    </PageShell>
  );
}
