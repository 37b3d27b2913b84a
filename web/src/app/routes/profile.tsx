import Typography from '@mui/material/Typography';
import { PageShell } from '../../components/layouts/page-shell';

export default function ProfilePage() {
  return (
    <PageShell title="My Account" back={{ to: '/home', label: 'Back to my moments' }}>
      <Typography color="text.secondary">This page is coming soon.</Typography>
    </PageShell>
  );
}
