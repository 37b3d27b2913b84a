import Typography from '@mui/material/Typography';
import { PageShell } from '../../../components/layouts/page-shell';

export default function InviteSuccessPage() {
  return (
    <PageShell title="Invite accepted" back={{ to: '/home', label: 'Go to my moments' }}>
      <Typography color="text.secondary">This page is coming soon.</Typography>
    </PageShell>
  );
}
