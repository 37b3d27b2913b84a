import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';

function Chevron() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path fill="currentColor" d="M15.41 7.41 14 6l-6 6 6 6 1.41-1.41L10.83 12z" />
    </svg>
  );
}

export interface StepLayoutProps {
  /** The page's h1. */
  title: string;
  /** A sentence under the title. */
  description?: ReactNode;
  step: number;
  total: number;
  /** What the progress bar measures, for screen readers ("Sign-up progress"). */
  progressLabel: string;
  /** Where Back leads; no Back button without it. */
  backTo?: string;
  /** Top-right, e.g. a Skip link. */
  action?: ReactNode;
  /** Drawn above the title, inside the card. */
  illustration?: ReactNode;
  children?: ReactNode;
}

/**
 * One screen of the sign-up steps and the onboarding tour: Back, the brand, "Step n of m" with
 * a bar, then a card like the auth page's. Laid out for one thumb: the card's buttons sit low.
 */
export function StepLayout({
  title,
  description,
  step,
  total,
  progressLabel,
  backTo,
  action,
  illustration,
  children,
}: StepLayoutProps) {
  const stepText = `Step ${step} of ${total}`;
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
        pt: 'max(12px, env(safe-area-inset-top))',
        pb: { xs: 4, sm: 6 },
        gap: 2,
      }}
    >
      <Box sx={{ width: '100%', maxWidth: 420 }}>
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: '1fr auto 1fr',
            alignItems: 'center',
            minHeight: 48,
          }}
        >
          <Box>
            {backTo && (
              <Button
                component={RouterLink}
                to={backTo}
                variant="text"
                startIcon={<Chevron />}
                sx={{ ml: -1.5, px: 1.5 }}
              >
                Back
              </Button>
            )}
          </Box>
          <Typography
            color="primary"
            sx={{ fontWeight: 700, fontSize: '1.125rem', letterSpacing: 0.5 }}
          >
            Moments
          </Typography>
          <Box sx={{ justifySelf: 'end' }}>{action}</Box>
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mt: 1 }}>
          <LinearProgress
            variant="determinate"
            value={(step / total) * 100}
            aria-label={progressLabel}
            aria-valuetext={stepText}
            sx={{ flex: 1, height: 6, borderRadius: 3 }}
          />
          <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
            {stepText}
          </Typography>
        </Box>
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
        {illustration}
        <Typography variant="h1" sx={{ fontSize: '1.625rem', mb: description ? 1 : 2 }}>
          {title}
        </Typography>
        {description && (
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {description}
          </Typography>
        )}
        {children}
      </Paper>
    </Box>
  );
}
