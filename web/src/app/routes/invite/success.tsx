import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useSearchParams } from 'react-router-dom';
import { InviteSuccess } from '../../../features/sharing/components/invite-success';

/** `/invite-success`: shown after an invite is accepted by someone already in the moment. */
export default function InviteSuccessPage() {
  const [params] = useSearchParams();
  return (
    <Container component="main" maxWidth="sm" sx={{ py: { xs: 3, sm: 6 } }}>
      <Paper elevation={0} sx={{ p: { xs: 3, sm: 4 }, borderRadius: 4 }}>
        <Typography variant="h1" gutterBottom>
          You're in this moment
        </Typography>
        <InviteSuccess journalId={params.get('journalId')} />
      </Paper>
    </Container>
  );
}
