import { useEffect, useId } from 'react';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PASSKEY_MESSAGES } from '@moments/shared';
import { toast } from '../../../components/ui/toast';
import { useAddPasskey } from '../api/passkey-list';
import { isPasskeyPromptClosed } from '../utils/passkey-prompt';
import { markPasskeyOffered } from '../utils/passkey-offer';

export const PASSKEY_ADDED_TOAST = {
  title: 'Passkey added',
  description: 'Next time, sign in with it.',
};

/**
 * The one offer of a passkey after a code or Apple sign-in: a quiet card at the foot of the
 * page, not a dialog, shown once on this device whatever the answer (marked as soon as shown).
 */
export function PasskeyOffer({ onClose }: { onClose: () => void }) {
  const add = useAddPasskey();
  const headingId = useId();
  useEffect(() => markPasskeyOffered(), []);

  return (
    <Paper
      component="aside"
      aria-labelledby={headingId}
      elevation={3}
      sx={{
        position: 'fixed',
        left: 16,
        right: 16,
        bottom: 'calc(16px + env(safe-area-inset-bottom))',
        maxWidth: 480,
        mx: 'auto',
        p: 2,
        borderRadius: 4,
        zIndex: 10,
      }}
    >
      <Typography id={headingId} variant="h2" sx={{ fontSize: '1rem', mb: 0.5 }}>
        {PASSKEY_MESSAGES.offer}
      </Typography>
      <Typography color="text.secondary" variant="body2" sx={{ mb: 1.5 }}>
        Use your face, fingerprint or screen lock instead of waiting for a code.
      </Typography>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button variant="text" onClick={onClose}>
          Not now
        </Button>
        <Button
          variant="contained"
          loading={add.isPending}
          onClick={() =>
            add.mutate(undefined, {
              onSuccess: () => {
                toast(PASSKEY_ADDED_TOAST);
                onClose();
              },
              onError: (error) => {
                if (!isPasskeyPromptClosed(error)) {
                  toast({
                    title: 'No passkey added',
                    description: error.message,
                    variant: 'destructive',
                  });
                }
              },
            })
          }
        >
          Add a passkey
        </Button>
      </Stack>
    </Paper>
  );
}
