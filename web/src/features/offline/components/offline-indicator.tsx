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
        top: 'calc(env(safe-area-inset-top, 0px) + 6px)',
        left: '50%',
        transform: 'translateX(-50%)',
        zIndex: (theme) => theme.zIndex.snackbar,
        pointerEvents: 'none',
      }}
    >
      {!online && (
        <Box
          sx={{
            px: 1.5,
            py: 0.5,
            borderRadius: 4,
            bgcolor: 'grey.900',
            color: 'common.white',
            fontSize: '0.8125rem',
            boxShadow: 2,
          }}
        >
          Offline · changes are sent when you reconnect
        </Box>
      )}
    </Box>
  );
}
