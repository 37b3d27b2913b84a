import Typography from '@mui/material/Typography';
import { PageShell } from '../../../components/layouts/page-shell';

export default function AddToHomePage() {
  return (
    <PageShell
      title="Add Moments to your Home Screen"
      back={{ to: '/signup/photo', label: 'Back' }}
    >
      <Typography color="text.secondary">This step is coming soon.</Typography>
    </PageShell>
  );
}
