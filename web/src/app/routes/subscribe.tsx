import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import { SubscribePanel } from '../../features/billing/components/subscribe-panel';

/** `/subscribe`: Moments Plus (docs/subscriptions.md). */
export default function SubscribePage() {
  return (
    <Container component="main" maxWidth="sm" sx={{ py: { xs: 4, sm: 6 } }}>
      <Paper
        elevation={0}
        sx={{ p: { xs: 3, sm: 4 }, borderRadius: 4, border: 1, borderColor: 'divider' }}
      >
        <SubscribePanel />
      </Paper>
    </Container>
  );
}
