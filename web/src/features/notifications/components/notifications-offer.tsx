import { useState } from 'react';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { toast } from '../../../components/ui/toast';
import { enablePush, pushAvailability } from '../../../lib/push-device';
import { dismissNotificationsOffer } from '../utils/offer';
import { NOTIFICATION_TEXTS, NOTIFICATION_TOASTS } from '../utils/texts';

/**
 * The calm offer after the person posted or joined: a card at the foot of the screen, not a
 * dialog; the browser's permission prompt comes only from its button.
 */
export default function NotificationsOffer() {
  const [pending, setPending] = useState(false);
  const [denied, setDenied] = useState(false);
  const homeScreenFirst = pushAvailability() === 'ios-home-screen';

  const turnOn = async () => {
    setPending(true);
    try {
      const permission = await enablePush();
      if (permission === 'granted') {
        toast(NOTIFICATION_TOASTS.on);
        dismissNotificationsOffer();
      } else if (permission === 'denied') {
        setDenied(true);
      }
    } catch {
      toast(NOTIFICATION_TOASTS.failed);
    } finally {
      setPending(false);
    }
  };

  return (
    <Paper
      component="aside"
      aria-label={NOTIFICATION_TEXTS.offerTitle}
      elevation={6}
      sx={{
        position: 'fixed',
        left: 16,
        right: 16,
        bottom: 'calc(16px + env(safe-area-inset-bottom))',
        maxWidth: 480,
        mx: 'auto',
        p: 2,
        borderRadius: 3,
        zIndex: 'snackbar',
      }}
    >
      <Typography variant="h2" sx={{ fontSize: '1rem', fontWeight: 600, mb: 0.5 }}>
        {NOTIFICATION_TEXTS.offerTitle}
      </Typography>
      <Typography variant="body2" color={denied ? 'error' : 'text.secondary'} role="status">
        {denied
          ? NOTIFICATION_TEXTS.denied
          : homeScreenFirst
            ? NOTIFICATION_TEXTS.addToHomeScreen
            : NOTIFICATION_TEXTS.offerBody}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ mt: 1.5, justifyContent: 'flex-end' }}>
        <Button onClick={dismissNotificationsOffer} disabled={pending}>
          {NOTIFICATION_TEXTS.offerNotNow}
        </Button>
        {!homeScreenFirst && !denied && (
          <Button variant="contained" loading={pending} onClick={() => void turnOn()}>
            {NOTIFICATION_TEXTS.offerTurnOn}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
