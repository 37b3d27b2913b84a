import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation } from 'react-router-dom';

const SECTIONS = [
  { label: 'Overview', to: '/admin' },
  { label: 'People', to: '/admin/people' },
  { label: 'Audit log', to: '/admin/audit' },
] as const;

function currentSection(pathname: string): string {
  return [...SECTIONS].reverse().find((s) => pathname.startsWith(s.to))?.to ?? '/admin';
}

interface AdminShellProps {
  adminName: string;
  signingOut: boolean;
  onSignOut: () => void;
  children: ReactNode;
}

/** The admin area's frame: who is signed in, the three sections, and a way out. */
export function AdminShell({ adminName, signingOut, onSignOut, children }: AdminShellProps) {
  const { pathname } = useLocation();
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <Box component="header" sx={{ bgcolor: 'primary.main', color: 'primary.contrastText' }}>
        <Container maxWidth="lg">
          <Stack
            direction="row"
            spacing={2}
            sx={{ alignItems: 'center', justifyContent: 'space-between', py: 1.5 }}
          >
            <Box>
              <Typography variant="h1" sx={{ fontSize: { xs: '1.25rem', sm: '1.5rem' } }}>
                Admin dashboard
              </Typography>
              <Typography variant="body2">Signed in as {adminName}</Typography>
            </Box>
            <Button
              variant="outlined"
              color="inherit"
              loading={signingOut}
              onClick={onSignOut}
              sx={{ flexShrink: 0 }}
            >
              Sign out
            </Button>
          </Stack>
        </Container>
      </Box>
      <Box component="nav" aria-label="Admin sections" sx={{ bgcolor: 'background.paper' }}>
        <Container maxWidth="lg">
          <Tabs value={currentSection(pathname)} variant="scrollable" scrollButtons={false}>
            {SECTIONS.map((s) => (
              <Tab
                key={s.to}
                label={s.label}
                value={s.to}
                component={RouterLink}
                to={s.to}
                sx={{ minHeight: 48 }}
              />
            ))}
          </Tabs>
        </Container>
      </Box>
      <Container component="main" maxWidth="lg" sx={{ py: 3 }}>
        {children}
      </Container>
    </Box>
  );
}
