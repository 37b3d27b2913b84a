import Typography from '@mui/material/Typography';
import { PageShell } from '../../../components/layouts/page-shell';

export default function AdminLoginPage() {
  return (
    <PageShell title="Admin Login" back={{ to: '/auth', label: 'Back to sign in' }}>
      <Typography color="text.secondary">This page is coming soon.</Typography>
    </PageShell>
  );
}
