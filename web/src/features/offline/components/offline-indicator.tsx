import Box from '@mui/material/Box';
import { useOnline } from '../hooks/use-online';

/** A quiet note while the device has no network; the app keeps working from what it saved. */
export function OfflineIndicator() {
  const online = useOnline();
  return (
    <Box
      role="status"
      sx={{
        position: 'fixed',
        // Bottom left: clear of the header's links and of the toasts (bottom right).
        bottom: 'calc(env(safe-area-inset-bottom, 0px) + 12px)',
        left: 12,
        zIndex: (theme) => theme.zIndex.snackbar,
        pointerEvents: 'none',
      }}
    >
      {!online && (
        <Box
          sx={{
            px: 1.25,
            py: 0.25,
            borderRadius: 4,
            bgcolor: 'grey.900',
            color: 'common.white',
            fontSize: '0.75rem',
            opacity: 0.9,
          }}
        >
          Offline · changes are sent when you reconnect
        </Box>
      )}
    </Box>
  );
}
