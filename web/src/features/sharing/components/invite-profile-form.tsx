import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { inviteProfileSchema, type InviteProfileInput } from '@moments/shared';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { TextInput } from '../../../components/ui/text-input';

export const COMPLETE_INVITE_LABEL = 'Complete & View Journal';

type InviteProfileValues = z.input<typeof inviteProfileSchema>;

interface InviteProfileFormProps {
  onSubmit: (input: InviteProfileInput) => void;
  pending: boolean;
  error?: string;
}

/**
 * The invite flow's profile step (SPEC section 5, "Invite profile"): first name required, last
 * name and recovery email optional.
 */
export function InviteProfileForm({ onSubmit, pending, error }: InviteProfileFormProps) {
  const { control, handleSubmit } = useForm<InviteProfileValues, unknown, InviteProfileInput>({
    resolver: zodResolver(inviteProfileSchema),
    defaultValues: { firstName: '', lastName: '', email: '' },
  });

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={handleSubmit(onSubmit)}>
      <Controller
        name="firstName"
        control={control}
        render={({ field: { ref, ...field }, fieldState }) => (
          <TextInput
            {...field}
            inputRef={ref}
            id="invite-first-name"
            label="First name"
            autoComplete="given-name"
            autoCapitalize="words"
            required
            autoFocus
            error={Boolean(fieldState.error)}
            helperText={fieldState.error?.message}
          />
        )}
      />
      <Controller
        name="lastName"
        control={control}
        render={({ field: { ref, value, ...field }, fieldState }) => (
          <TextInput
            {...field}
            value={value ?? ''}
            inputRef={ref}
            id="invite-last-name"
            label="Last name (optional)"
            autoComplete="family-name"
            autoCapitalize="words"
            error={Boolean(fieldState.error)}
            helperText={fieldState.error?.message}
          />
        )}
      />
      <Controller
        name="email"
        control={control}
        render={({ field: { ref, value, ...field }, fieldState }) => (
          <TextInput
            {...field}
            value={value ?? ''}
            inputRef={ref}
            id="invite-email"
            label="Email (optional)"
            type="email"
            autoComplete="email"
            inputMode="email"
            error={Boolean(fieldState.error)}
            helperText={fieldState.error?.message ?? 'Only to help you back into your account.'}
          />
        )}
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
