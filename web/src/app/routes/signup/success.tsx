import Typography from '@mui/material/Typography';
import { PageShell } from '../../../components/layouts/page-shell';

export default function SignupSuccessPage() {
  return (
    <PageShell title="You're all set" back={{ to: '/home', label: 'Go to my moments' }}>
      <Typography color="text.secondary">This step is coming soon.</Typography>
    </PageShell>
  );
}
