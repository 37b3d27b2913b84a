import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { MomentDetail } from '../../../features/moments/components/moment-detail';

/** `/journals/:id`. */
export default function MomentDetailPage() {
  const { id = '' } = useParams();
  return (
    <Container component="main" maxWidth="md" sx={{ py: { xs: 2, sm: 4 } }}>
      <Button component={RouterLink} to="/home" size="small" sx={{ mb: 1, ml: -1 }}>
        ← Back to my moments
      </Button>
      <MomentDetail key={id} journalId={id} />
    </Container>
  );
}
