import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { NewMomentForm } from '../../../features/moments/components/new-moment-form';

/** `/moment/new`. */
export default function NewMomentPage() {
  return (
    <Container component="main" maxWidth="sm" sx={{ py: { xs: 2, sm: 5 } }}>
      <Paper elevation={0} sx={{ p: { xs: 2.5, sm: 4 }, borderRadius: 4 }}>
        <Typography variant="h1" gutterBottom>
          New Moment
        </Typography>
        <NewMomentForm />
      </Paper>
    </Container>
  );
}
