import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';

/** `/subscribe`: the spec shows no plans or prices yet (SPEC section 1). */
export default function SubscribePage() {
  return (
    <Container component="main" maxWidth="sm" sx={{ py: { xs: 4, sm: 6 } }}>
      <Paper
        elevation={0}
        sx={{ p: { xs: 3, sm: 4 }, borderRadius: 4, border: 1, borderColor: 'divider' }}
      >
        <Typography variant="h1" gutterBottom>
          Plans are coming soon
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          Moments is free to use while we get subscriptions ready. There is nothing to choose or pay
          for today.
        </Typography>
        <Button component={RouterLink} to="/home" variant="contained" size="large" fullWidth>
          Go to my moments
        </Button>
      </Paper>
    </Container>
  );
}
