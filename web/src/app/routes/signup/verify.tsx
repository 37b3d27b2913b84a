import Typography from '@mui/material/Typography';
import { PageShell } from '../../../components/layouts/page-shell';

export default function SignupVerifyPage() {
  return (
    <PageShell title="Verify your number" back={{ to: '/signup/phone', label: 'Back' }}>
      <Typography color="text.secondary">This step is coming soon.</Typography>
    </PageShell>
  );
}
