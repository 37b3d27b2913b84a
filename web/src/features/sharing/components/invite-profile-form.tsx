import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { inviteProfileSchema, type InviteProfileInput } from '@moments/shared';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormTextField } from '../../../components/ui/form-text-field';

export const COMPLETE_INVITE_LABEL = 'Complete & View Journal';

type InviteProfileValues = z.input<typeof inviteProfileSchema>;

interface InviteProfileFormProps {
  onSubmit: (input: InviteProfileInput) => void;
  pending: boolean;
  error?: string;
}

/**
 * The invite flow's profile step: first name required, last
 * name and recovery email optional.
 */
export function InviteProfileForm({ onSubmit, pending, error }: InviteProfileFormProps) {
  const { control, handleSubmit } = useForm<InviteProfileValues, unknown, InviteProfileInput>({
    resolver: zodResolver(inviteProfileSchema),
    defaultValues: { firstName: '', lastName: '', email: '' },
  });

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={handleSubmit(onSubmit)}>
      <FormTextField
        control={control}
        name="firstName"
        id="invite-first-name"
        label="First name"
        autoComplete="given-name"
        autoCapitalize="words"
        required
        autoFocus
      />
      <FormTextField
        control={control}
        name="lastName"
        id="invite-last-name"
        label="Last name (optional)"
        autoComplete="family-name"
        autoCapitalize="words"
      />
      <FormTextField
        control={control}
        name="email"
        id="invite-email"
        label="Email (optional)"
        type="email"
        autoComplete="email"
        inputMode="email"
        helperText="Only to help you back into your account."
      />
      {error && <Alert severity="error">{error}</Alert>}
      <Button type="submit" variant="contained" size="large" fullWidth loading={pending}>
        {COMPLETE_INVITE_LABEL}
      </Button>
      <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
        By continuing you agree to the terms of service and privacy policy.
      </Typography>
    </Stack>
  );
}
