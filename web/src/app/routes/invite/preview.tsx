import Typography from '@mui/material/Typography';
import { PageShell } from '../../../components/layouts/page-shell';

export default function InvitePreviewPage() {
  return (
    <PageShell title="You're invited" back={{ to: '/auth', label: 'Go to sign in' }}>
      <Typography color="text.secondary">This page is coming soon.</Typography>
    </PageShell>
  );
}
