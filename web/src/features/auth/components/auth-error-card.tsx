import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { AUTH_ERROR_CARD } from '@moments/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { incrementAuthRetryCount } from '../utils/session';

async function clearBrowserCaches() {
  if (!('caches' in window)) return;
  const keys = await caches.keys();
  await Promise.all(keys.map((key) => caches.delete(key)));
}

interface AuthErrorCardProps {
  error: Error;
}

/** Shown by a protected route when the session cannot be loaded. */
export function AuthErrorCard({ error }: AuthErrorCardProps) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [showDebug, setShowDebug] = useState(false);
  const [retrying, setRetrying] = useState(false);

  const tryAgain = async () => {
    setRetrying(true);
    incrementAuthRetryCount();
    try {
      await clearBrowserCaches();
    } catch (cacheError) {
      console.warn('Could not clear caches:', cacheError);
    }
    queryClient.clear();
    location.reload();
  };

  return (
    <Box component="main" sx={{ minHeight: '100dvh', display: 'grid', placeItems: 'center', p: 2 }}>
      <Card sx={{ width: '100%', maxWidth: 440, borderRadius: 4 }}>
        <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
          <Typography variant="h1" color="error" gutterBottom>
            {AUTH_ERROR_CARD.title}
          </Typography>
          <Typography role="alert" sx={{ mb: 3 }}>
            {AUTH_ERROR_CARD.text}
          </Typography>
          <Stack spacing={1.5}>
            <Button variant="contained" onClick={() => void tryAgain()} loading={retrying}>
              Try Again
            </Button>
            <Button variant="outlined" onClick={() => void navigate('/auth')}>
              Go to Login
            </Button>
            <Button
              variant="text"
              aria-expanded={showDebug}
              aria-controls="auth-error-debug"
              onClick={() => setShowDebug((shown) => !shown)}
            >
              {showDebug ? 'Hide Debug Info' : 'Show Debug Info'}
            </Button>
          </Stack>
          {showDebug && (
            <Box
              id="auth-error-debug"
              component="pre"
              sx={{
                mt: 2,
                p: 2,
                maxHeight: 240,
                overflow: 'auto',
                bgcolor: 'grey.100',
                borderRadius: 2,
                fontSize: '0.75rem',
                whiteSpace: 'pre-wrap',
                wordBreak: 'break-word',
              }}
            >
              {error.message}
              {error.stack ? `\n\n${error.stack}` : ''}
            </Box>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
