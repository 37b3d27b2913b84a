import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';

interface PageShellProps {
  title: string;
  /** Where the back button leads, with its label. */
  back?: { to: string; label: string };
  children?: ReactNode;
}

/** A simple centred page with one h1 and a way back, for screens that later work fills in. */
export function PageShell({ title, back, children }: PageShellProps) {
  return (
    <Container component="main" maxWidth="sm" sx={{ py: { xs: 3, sm: 6 } }}>
      <Paper elevation={0} sx={{ p: { xs: 3, sm: 4 }, borderRadius: 4 }}>
        <Typography variant="h1" gutterBottom>
          {title}
        </Typography>
        {children}
        {back && (
          <Box sx={{ mt: 3 }}>
            <Button component={RouterLink} to={back.to} variant="outlined">
              {back.label}
            </Button>
          </Box>
        )}
      </Paper>
    </Container>
  );
}
