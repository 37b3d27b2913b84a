import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

interface AuthPageLayoutProps {
  children: ReactNode;
}

/** Brand, tagline and a card: the frame of the sign-in screens. */
export function AuthPageLayout({ children }: AuthPageLayoutProps) {
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100dvh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: { xs: 'flex-start', sm: 'center' },
        px: 2,
        py: { xs: 5, sm: 6 },
        gap: 3,
      }}
    >
      <Box sx={{ textAlign: 'center' }}>
        <Typography variant="h1" color="primary" sx={{ fontSize: '2.25rem', letterSpacing: 0.5 }}>
          Moments
        </Typography>
        <Typography variant="subtitle1" component="p" color="text.secondary" sx={{ mt: 0.5 }}>
          Sign up once. Remember forever.
        </Typography>
      </Box>
      <Paper
        elevation={0}
        sx={{
          width: '100%',
          maxWidth: 420,
          p: { xs: 3, sm: 4 },
          borderRadius: 4,
          border: 1,
          borderColor: 'divider',
        }}
      >
        {children}
      </Paper>
    </Box>
  );
}
