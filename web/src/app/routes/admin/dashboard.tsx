import Typography from '@mui/material/Typography';
import { PageShell } from '../../../components/layouts/page-shell';

export default function AdminDashboardPage() {
  return (
    <PageShell title="Admin Dashboard" back={{ to: '/home', label: 'Back to my moments' }}>
      <Typography color="text.secondary">This page is coming soon.</Typography>
    </PageShell>
  );
}
