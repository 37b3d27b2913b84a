import Typography from '@mui/material/Typography';
import { PageShell } from '../../components/layouts/page-shell';

export default function NotFoundPage() {
  return (
    <PageShell title="404 Page Not Found" back={{ to: '/', label: 'Go to the start page' }}>
      <Typography color="text.secondary">
        The page you were looking for does not exist or has moved.
      </Typography>
    </PageShell>
  );
}
