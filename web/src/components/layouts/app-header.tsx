import type { ReactNode } from 'react';
import AppBar from '@mui/material/AppBar';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import logoMarkUrl from '../../assets/logo-mark.svg';

interface AppHeaderProps {
  /** Right-hand side, e.g. the account menu. */
  actions?: ReactNode;
}

export function AppHeader({ actions }: AppHeaderProps) {
  return (
    <AppBar position="sticky" color="primary" elevation={0}>
      <Toolbar sx={{ gap: 1, pt: 'env(safe-area-inset-top)' }}>
        <Typography
          component={RouterLink}
          to="/home"
          variant="h6"
          sx={{
            flexGrow: 1,
            color: 'inherit',
            textDecoration: 'none',
            fontWeight: 700,
            letterSpacing: 0.5,
            minHeight: 44,
            display: 'inline-flex',
            alignItems: 'center',
            gap: 1,
          }}
        >
          <img src={logoMarkUrl} alt="" width={36} height={36} data-testid="logo-mark" />
          Moments
        </Typography>
        {actions}
      </Toolbar>
    </AppBar>
  );
}
