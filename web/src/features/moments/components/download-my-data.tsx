import { Suspense, lazy, useState } from 'react';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { NEEDS_CONNECTION, useOnline } from '../../offline/hooks/use-online';

const ExportDialog = lazy(() => import('./export-dialog'));

/**
 * My Account's "Download my data": one ZIP with the profile, every moment the person owns or
 * joined (each as a moment export) and their entries, built on this device.
 */
export function DownloadMyData() {
  const [open, setOpen] = useState(false);
  const online = useOnline();
  return (
    <>
      <Typography variant="body2" sx={{ mb: 2 }}>
        One ZIP with your profile, every moment you own or joined (photos at full quality, a page
        that opens in any browser, and moment.json) and the entries you wrote.
      </Typography>
      <Button variant="outlined" disabled={!online || open} onClick={() => setOpen(true)}>
        Download my data
      </Button>
      {!online && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {NEEDS_CONNECTION}
        </Typography>
      )}
      {open && (
        <Suspense fallback={null}>
          <ExportDialog
            target={{ kind: 'account' }}
            title="Download my data"
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}
