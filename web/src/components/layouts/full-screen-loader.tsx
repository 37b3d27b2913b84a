import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

interface FullScreenLoaderProps {
  /** Visible text under the spinner, also its accessible name. */
  label?: string;
  /** Accessible name when no visible label is wanted. */
  ariaLabel?: string;
}

export function FullScreenLoader({ label, ariaLabel }: FullScreenLoaderProps) {
  return (
    <Box
      sx={{
        minHeight: '100dvh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
        p: 3,
      }}
    >
      <CircularProgress aria-label={ariaLabel ?? label ?? 'Loading'} />
      {label && (
        <Typography component="p" variant="body1" color="text.secondary" aria-live="polite">
          {label}
        </Typography>
      )}
    </Box>
  );
}
