import { useEffect, useState } from 'react';
import Typography from '@mui/material/Typography';
import { APP_VERSION, runningVersion } from '../../../lib/pwa';

/** "Version …" of the running app, as its service worker reports it (GET_VERSION). */
export function AppVersion() {
  const [version, setVersion] = useState(APP_VERSION);
  useEffect(() => {
    let current = true;
    void runningVersion().then((answer) => {
      if (current) setVersion(answer);
    });
    return () => {
      current = false;
    };
  }, []);
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mt: 3, textAlign: 'center' }}>
      Version <span data-testid="app-version">{version}</span>
    </Typography>
  );
}
