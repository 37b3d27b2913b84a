import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

interface ProfileStepProps {
  onContinue: () => void;
}

/** Stand-in for the onboarding profile form (SPEC section 2, auth page mode 4). */
export function ProfileStep({ onContinue }: ProfileStepProps) {
  return (
    <Stack spacing={2}>
      <Typography variant="h2">Complete your profile</Typography>
      <Typography color="text.secondary">
        You are signed in. Adding your name and photo will be possible here soon.
      </Typography>
      <Button variant="contained" size="large" fullWidth onClick={onContinue}>
        Continue
      </Button>
    </Stack>
  );
}
