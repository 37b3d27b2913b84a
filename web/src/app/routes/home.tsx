import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { AppHeader } from '../../components/layouts/app-header';
import { useUser } from '../../features/auth/api/get-user';
import { AccountMenu } from '../../features/auth/components/account-menu';
import { MomentsList } from '../../features/moments/components/moments-list';

/** `/home`: the moment list. */
export default function HomePage() {
  const { data: user } = useUser();

  return (
    <>
      <AppHeader actions={<AccountMenu />} />
      <Container component="main" maxWidth="md" sx={{ py: 3 }}>
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: 2,
            mb: 2,
          }}
        >
          <Typography variant="h1" sx={{ fontSize: { xs: '1.5rem', sm: '1.75rem' } }}>
            My Moments
          </Typography>
          <Button
            component={RouterLink}
            to="/moment/new"
            variant="contained"
            sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
          >
            New Moment
          </Button>
        </Box>
        <MomentsList enabled={Boolean(user)} />
      </Container>
    </>
  );
}
