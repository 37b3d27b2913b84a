import { useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { isIos, useInstallPrompt } from '../utils/install-prompt';

/** The iOS share icon (a square with an arrow up), as Safari draws it. */
function ShareIcon() {
  return (
    <Box
      component="svg"
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      sx={{ width: 20, height: 20, verticalAlign: 'text-bottom', color: 'primary.main' }}
    >
      <path
        fill="currentColor"
        d="M12 2 7.5 6.5l1.4 1.4L11 5.8V15h2V5.8l2.1 2.1 1.4-1.4zM5 10v10a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V10h-3v2h1v8H7v-8h1v-2z"
      />
    </Box>
  );
}

function Steps({ children }: { children: ReactNode }) {
  return (
    <Box
      component="ol"
      sx={{ m: 0, pl: 3, display: 'grid', gap: 1, '& li': { pl: 0.5, lineHeight: 1.5 } }}
    >
      {children}
    </Box>
  );
}

function IosSteps() {
  return (
    <Steps>
      <li>
        In Safari, tap the Share button <ShareIcon /> at the bottom of the screen.
      </li>
      <li>
        Scroll down and choose <strong>Add to Home Screen</strong>.
      </li>
      <li>
        Tap <strong>Add</strong>. Moments now opens from your Home Screen like an app.
      </li>
    </Steps>
  );
}

function OtherSteps() {
  return (
    <Steps>
      <li>
        Open your browser&apos;s menu (<strong>⋮</strong> in Chrome).
      </li>
      <li>
        Choose <strong>Install app</strong> or <strong>Add to Home screen</strong>.
      </li>
      <li>Confirm. Moments now opens from your Home Screen like an app.</li>
    </Steps>
  );
}

interface AddToHomeProps {
  /** Continue or Skip for now. */
  onDone: () => void;
}

/**
 * The add-to-home step: the browser's install prompt where there is one, else how to add the
 * app by hand (on iPhone: Share, then "Add to Home Screen").
 */
export function AddToHome({ onDone }: AddToHomeProps) {
  const { canInstall, installed, install } = useInstallPrompt();
  const [declined, setDeclined] = useState(false);
  const ios = isIos();

  return (
    <Stack spacing={2.5}>
      {installed ? (
        <Alert severity="success">Moments is on your Home Screen.</Alert>
      ) : canInstall ? (
        <Button
          variant="contained"
          size="large"
          fullWidth
          onClick={() => void install().then((accepted) => setDeclined(!accepted))}
        >
          Install Moments
        </Button>
      ) : (
        <Box>
          <Typography variant="h2" sx={{ fontSize: '1.0625rem', mb: 1 }}>
            {ios ? 'On iPhone or iPad' : 'On Android and other phones'}
          </Typography>
          {ios ? <IosSteps /> : <OtherSteps />}
          <Box
            component="details"
            sx={{
              mt: 2,
              '& summary': {
                minHeight: 44,
                display: 'flex',
                alignItems: 'center',
                cursor: 'pointer',
                fontWeight: 600,
                color: 'primary.main',
              },
            }}
          >
            <summary>{ios ? 'Using Android?' : 'Using an iPhone or iPad?'}</summary>
            {ios ? <OtherSteps /> : <IosSteps />}
          </Box>
        </Box>
      )}
      {declined && (
        <Typography color="text.secondary">
          No problem. You can add it later from your browser&apos;s menu.
        </Typography>
      )}
      <Stack spacing={1}>
        <Button
          variant={installed ? 'contained' : 'outlined'}
          size="large"
          fullWidth
          onClick={onDone}
        >
          Continue
        </Button>
        {!installed && (
          <Button variant="text" fullWidth onClick={onDone}>
            Skip for now
          </Button>
        )}
      </Stack>
    </Stack>
  );
}
