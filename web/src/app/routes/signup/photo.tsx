import Typography from '@mui/material/Typography';
import { PageShell } from '../../../components/layouts/page-shell';

export default function SignupPhotoPage() {
  return (
    <PageShell title="Add a profile photo" back={{ to: '/signup/name', label: 'Back' }}>
      <Typography color="text.secondary">This step is coming soon.</Typography>
    </PageShell>
  );
}
